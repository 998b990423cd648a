import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appApi, projectApi, versionApi } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { app, APP_ID, appClient, project, PROJECT_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// My apps, the create-app dialog and app information with the real providers, router,
// forms and dialogs; the request layer is replaced at its module boundary.

const OK = { code: 0, msg: 'success' };
const NEW_PROJECT_ID = '13131313-1313-4313-8313-131313131313';
type Handler = (o: { params?: unknown; body?: unknown; query?: unknown }) => unknown;
const available = { ret: OK, available: true, reason: null, message: '' };

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...shellHandlers(),
    [projectApi.projectList.id]: () => ({ ret: OK, items: [project()], nextCursor: null, total: 1 }),
    [projectApi.getProject.id]: () => ({ ret: OK, project: project() }),
    [appApi.appList.id]: () => ({ ret: OK, items: [app()], nextCursor: null, total: 1 }),
    [appApi.getApp.id]: () => ({ ret: OK, app: app() }),
    [appApi.appKinds.id]: () => ({ ret: OK, items: [{ id: 'tools', category: 'app', names: { cn: '工具', en: 'Tools', ru: 'Инструменты' } }] }),
    [appApi.checkAppName.id]: () => available,
    [appApi.checkPackageName.id]: () => available,
    [appApi.getAppClient.id]: () => ({ ret: OK, client: appClient() }),
    [versionApi.distributionService.id]: () => ({ ret: OK, canPublish: true, missingAgreements: [], apps: { total: 1, inStore: 0, inReview: 0, rejected: 0, drafting: 0, waiting: 0, removed: 0 } }),
    ...over,
  };
}

/** Opens an antd select by its label and clicks one of its options. */
async function pick(label: string, option: string, container: HTMLElement = document.body) {
  fireEvent.mouseDown(within(container).getByLabelText(label));
  await act(async () => undefined);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.title === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
  await act(async () => undefined);
}

beforeEach(() => {
  setSessionCookies({ siteId: 8 });
});

afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
});

describe('My apps', () => {
  it('lists the apps with platform, category, project and status, and filters them', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', '#/apps');
    const row = (await screen.findByText('Field Notes')).closest('tr')!;
    expect(within(row).getByText('com.example.fieldnotes')).toBeTruthy();
    expect(within(row).getByText('Android')).toBeTruthy();
    expect(within(row).getByText('App')).toBeTruthy();
    expect(await within(row).findByText('Field tools')).toBeTruthy();
    expect(within(row).getByText('In development')).toBeTruthy();
    expect(screen.getByText('Apps: 1')).toBeTruthy();

    await pick('Platform', 'HarmonyOS');
    fireEvent.change(screen.getByLabelText('Search by app name or package name'), { target: { value: 'notes' } });
    fireEvent.keyDown(screen.getByLabelText('Search by app name or package name'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(callsTo(callEndpoint, appApi.appList).at(-1)?.query).toMatchObject({ platform: 'harmony', search: 'notes', withTotal: 'true' }));
    // The project filter searches the team's projects on the server as it is typed.
    const projectFilter = screen.getByLabelText('Project');
    fireEvent.mouseDown(projectFilter);
    fireEvent.change(projectFilter, { target: { value: 'Field' } });
    await waitFor(() => expect(callsTo(callEndpoint, projectApi.projectList).some((c) => (c.query as { search?: string }).search === 'Field')).toBe(true));
    await pick('Project', 'Field tools');
    await waitFor(() => expect(callsTo(callEndpoint, appApi.appList).at(-1)?.query).toMatchObject({ projectId: PROJECT_ID }));
  });

  it('says, until the team signs the distribution agreement, that nothing can be submitted, with the way to the agreements', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [versionApi.distributionService.id]: () => ({ ret: OK, canPublish: false, missingAgreements: ['distribution'], apps: { total: 1, inStore: 0, inReview: 0, rejected: 0, drafting: 1, waiting: 0, removed: 0 } }),
      }),
    );
    renderApp('en', '#/apps');
    const banner = await screen.findByTestId('publishing-readiness');
    expect(within(banner).getByText('Sign before you submit')).toBeTruthy();
    expect(within(banner).getByText(/until the team signs: Wharf Distribution Service Agreement\./)).toBeTruthy();
    expect(within(banner).getByText('Agreements', { selector: 'a' }).getAttribute('href')).toBe('#/team/agreements');
  });

  it('shows no such warning once the team has signed', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', '#/apps');
    expect(await screen.findByText('Field Notes')).toBeTruthy();
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.distributionService)).toHaveLength(1));
    expect(screen.queryByTestId('publishing-readiness')).toBeNull();
  });

  it('says what to do when the team has no app', async () => {
    answerCalls(callEndpoint, handlers({ [appApi.appList.id]: () => ({ ret: OK, items: [], nextCursor: null, total: 0 }) }));
    renderApp('en', '#/apps');
    expect(
      await screen.findByText('Your team has no apps yet. Create an app: choose its platform, name and package name, and the project it belongs to.'),
    ).toBeTruthy();
  });

  it('checks the package name and the name live, with the reason in the display language', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [appApi.checkPackageName.id]: ({ body }) =>
          (body as { packageName: string }).packageName === 'com.example.taken'
            ? { ret: OK, available: false, reason: 'taken', message: 'Another app on this platform uses this package name' }
            : available,
        [appApi.checkAppName.id]: () => ({ ret: OK, available: false, reason: 'reserved', message: 'reserved' }),
      }),
    );
    renderApp('ru', '#/apps');
    fireEvent.click((await screen.findAllByText('Новое приложение'))[0]!.closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Имя пакета'), { target: { value: 'com.example.taken' } });
    expect(await within(dialog).findByText('Это имя пакета уже занято другим приложением на этой платформе.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Название приложения'), { target: { value: 'Official Store' } });
    expect(await within(dialog).findByText('Название содержит зарезервированное слово (например, название магазина).')).toBeTruthy();
    const checks = callsTo(callEndpoint, appApi.checkPackageName);
    expect(checks.at(-1)?.body).toEqual({ platform: 'android', packageName: 'com.example.taken' });
    // Typing is debounced: one check per value, not per key.
    expect(checks.length).toBeLessThanOrEqual(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await act(async () => undefined);
    expect(callsTo(callEndpoint, appApi.createApp)).toHaveLength(0);
  });

  it('creates an app in an existing project, chosen from the list', async () => {
    answerCalls(callEndpoint, handlers({ [appApi.createApp.id]: ({ body }) => ({ ret: OK, app: app({ ...(body as object) }) }) }));
    renderApp('en', '#/apps');
    fireEvent.click((await screen.findAllByText('New app'))[0]!.closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('App name'), { target: { value: 'Field Notes' } });
    fireEvent.change(within(dialog).getByLabelText('Package name'), { target: { value: 'org.wharf.fieldnotes' } });
    await pick('Project of the app', 'Field tools', dialog);
    fireEvent.click(within(dialog).getByText('Create').closest('button')!);
    expect(await screen.findByText('The app Field Notes was created.')).toBeTruthy();
    expect(callsTo(callEndpoint, projectApi.createProject)).toHaveLength(0);
    expect(callsTo(callEndpoint, appApi.createApp)[0]?.body).toMatchObject({ projectId: PROJECT_ID, packageName: 'org.wharf.fieldnotes' });
  });

  it('creates an app in a new project', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [projectApi.createProject.id]: ({ body }) => ({ ret: OK, project: project({ projectId: NEW_PROJECT_ID, ...(body as object) }) }),
        [appApi.createApp.id]: ({ body }) => ({ ret: OK, app: app({ ...(body as object) }) }),
      }),
    );
    renderApp('en', '#/apps');
    fireEvent.click((await screen.findAllByText('New app'))[0]!.closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('App name'), { target: { value: 'Field Notes' } });
    fireEvent.change(within(dialog).getByLabelText('Package name'), { target: { value: 'com.example.fieldnotes' } });
    fireEvent.click(within(dialog).getByText('Game'));
    fireEvent.click(within(dialog).getByText('New project'));
    fireEvent.change(await within(dialog).findByLabelText('Name of the new project'), { target: { value: 'Games' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The app Field Notes was created.')).toBeTruthy();
    expect(callsTo(callEndpoint, projectApi.createProject)[0]?.body).toEqual({ name: 'Games', dataLocation: 'russia' });
    expect(callsTo(callEndpoint, appApi.createApp)[0]?.body).toEqual({
      projectId: NEW_PROJECT_ID,
      platform: 'android',
      name: 'Field Notes',
      packageName: 'com.example.fieldnotes',
      category: 'game',
      defaultLanguage: 'enUS',
    });
    await waitFor(() => expect(window.location.hash).toBe(`#/apps/${APP_ID}/info`));
  });
});

describe('App information', () => {
  it("shows the app's facts and saves what may change", async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [appApi.updateApp.id]: ({ body }) => ({ ret: OK, app: app({ ...(body as object) }) }),
        [appApi.setDevelopStatus.id]: ({ body }) => ({ ret: OK, app: app({ ...(body as object) }) }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/info`);
    expect(await screen.findByText('App information', { selector: 'h2' })).toBeTruthy();
    const facts = screen.getByText('About the app').closest('.ant-card') as HTMLElement;
    expect(within(facts).getByText(APP_ID)).toBeTruthy();
    expect(within(facts).getByText('English (United States)')).toBeTruthy();
    expect(within(facts).getByText('2026-03-06')).toBeTruthy();
    expect(await within(facts).findByText('Field tools')).toBeTruthy();
    // The breadcrumb names the app's project, linked to its settings.
    const crumb = await waitFor(() => within(document.querySelector('.ant-breadcrumb') as HTMLElement).getByRole('link', { name: 'Field tools' }));
    expect(crumb.getAttribute('href')).toBe(`#/projects/${PROJECT_ID}/settings`);

    await pick('Development status', 'In testing');
    expect(await screen.findByText('Development status: In testing.')).toBeTruthy();
    expect(callsTo(callEndpoint, appApi.setDevelopStatus)[0]?.body).toEqual({ appId: APP_ID, developStatus: 'testing' });

    fireEvent.change(screen.getByLabelText('Support email'), { target: { value: 'not an email' } });
    fireEvent.click(screen.getByText('Save').closest('button')!);
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Support email'), { target: { value: 'help@example.com' } });
    fireEvent.change(screen.getByLabelText('Developer website'), { target: { value: 'https://example.com' } });
    await pick('Store category', 'Tools');
    fireEvent.click(screen.getByText('Save').closest('button')!);
    expect(await screen.findByText('The app information was saved.')).toBeTruthy();
    expect(callsTo(callEndpoint, appApi.updateApp)[0]?.body).toEqual({
      appId: APP_ID,
      names: { enUS: 'Field Notes' },
      kindId: 'tools',
      developerWebsite: 'https://example.com',
      supportEmail: 'help@example.com',
      supportPhone: null,
    });
  });

  it('changes the package name before any package, with the live check', async () => {
    answerCalls(callEndpoint, handlers({ [appApi.changePackageName.id]: ({ body }) => ({ ret: OK, app: app({ ...(body as object) }) }) }));
    renderApp('en', `#/apps/${APP_ID}/info`);
    fireEvent.click((await screen.findByText('Change package name')).closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Package name'), { target: { value: 'com.example.notes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The package name is now com.example.notes.')).toBeTruthy();
    expect(callsTo(callEndpoint, appApi.checkPackageName).at(-1)?.body).toEqual({ platform: 'android', packageName: 'com.example.notes', appId: APP_ID });
    expect(callsTo(callEndpoint, appApi.changePackageName)[0]?.body).toEqual({ appId: APP_ID, packageName: 'com.example.notes' });
  });

  it('offers no package-name change once a package fixed it', async () => {
    answerCalls(callEndpoint, handlers({ [appApi.getApp.id]: () => ({ ret: OK, app: app({ packageNameLocked: true }) }) }));
    renderApp('en', `#/apps/${APP_ID}/info`);
    expect(await screen.findByText('fixed after the first package')).toBeTruthy();
    expect(screen.queryByText('Change package name')).toBeNull();
  });
});
