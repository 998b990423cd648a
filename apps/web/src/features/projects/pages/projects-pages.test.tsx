import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appApi, consoleApi, projectApi, teamApi } from '@wharf/contract';
import { answerCalls, callsTo, CONFIG, member, permissionsOf, roles } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { app, project, PROJECT_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// My projects and project settings with the real providers, router, tables and dialogs;
// the request layer is replaced at its module boundary.

const OK = { code: 0, msg: 'success' };
const SECOND_ID = '12121212-1212-4212-8212-121212121212';
const CONFIG_TWO_ZONES = { ...CONFIG, zones: [...CONFIG.zones, { zone: 'europe' as const, siteId: 7, gatewayUrl: '', reportUrl: '' }], defaultZone: 'europe' as const };

type Handler = (o: { params?: unknown; body?: unknown; query?: unknown }) => unknown;

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...shellHandlers(),
    [consoleApi.getConfig.id]: () => CONFIG_TWO_ZONES,
    [teamApi.roleList.id]: () => ({ ret: OK, roles: roles() }),
    [projectApi.projectList.id]: () => ({ ret: OK, items: [project()], nextCursor: null, total: 1 }),
    [projectApi.getProject.id]: () => ({ ret: OK, project: project() }),
    [projectApi.projectMembers.id]: () => ({ ret: OK, items: [member()] }),
    [appApi.appListByProject.id]: () => ({ ret: OK, items: [app()] }),
    ...over,
  };
}

beforeEach(() => {
  setSessionCookies({ siteId: 8 });
});

afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function popconfirm(title: string): HTMLElement {
  return screen.getByText(title).closest('.ant-popover') as HTMLElement;
}

describe('My projects', () => {
  it('lists the projects with their data location and creation date, a page at a time', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [projectApi.projectList.id]: ({ query }) =>
          (query as { cursor?: string }).cursor === 'next-page'
            ? { ret: OK, items: [project({ projectId: SECOND_ID, name: 'Older project', dataLocation: 'europe' })], nextCursor: null }
            : { ret: OK, items: [project()], nextCursor: 'next-page', total: 2 },
      }),
    );
    renderApp('en', '#/projects');
    const row = (await screen.findByText('Field tools')).closest('tr')!;
    expect(within(row).getByText('Russia')).toBeTruthy();
    expect(within(row).getByText('2026-03-05')).toBeTruthy();
    expect(screen.getByText('Projects: 2')).toBeTruthy();
    fireEvent.click(screen.getByText('Show more').closest('button')!);
    expect(await screen.findByText('Older project')).toBeTruthy();
    expect(callsTo(callEndpoint, projectApi.projectList).map((c) => (c.query as { cursor?: string }).cursor)).toEqual([undefined, 'next-page']);
    expect(screen.queryByText('Show more')).toBeNull();
  });

  it('shows Russian dates as dd.MM.yyyy', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('ru', '#/projects');
    const row = (await screen.findByText('Field tools')).closest('tr')!;
    expect(within(row).getByText('05.03.2026')).toBeTruthy();
    expect(within(row).getByText('Россия')).toBeTruthy();
    expect(screen.getByText('Мои проекты', { selector: 'h2' })).toBeTruthy();
  });

  it('says what to do when there is no project, and creates one in a chosen data location', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [projectApi.projectList.id]: () => ({ ret: OK, items: [], nextCursor: null, total: 0 }),
        [projectApi.createProject.id]: ({ body }) => ({ ret: OK, project: project({ ...(body as object) }) }),
      }),
    );
    renderApp('en', '#/projects');
    expect(await screen.findByText('Your team has no projects yet. Create a project first, then add your apps to it.')).toBeTruthy();
    fireEvent.click(screen.getAllByText('Create project')[0]!.closest('button')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a project name.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Project name'), { target: { value: 'Bad <name>' } });
    expect(await within(dialog).findByText('A project name cannot contain < > " \' & or \\.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Project name'), { target: { value: 'Field tools' } });
    // The team's zone (site 8, Russia) is suggested among the configured zones.
    expect(within(dialog).getByText('Russia')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The project Field tools was created.')).toBeTruthy();
    expect(callsTo(callEndpoint, projectApi.createProject)[0]?.body).toEqual({ name: 'Field tools', dataLocation: 'russia' });
    await waitFor(() => expect(window.location.hash).toBe(`#/projects/${PROJECT_ID}/settings`));
  });

  it('renames a project', async () => {
    answerCalls(callEndpoint, handlers({ [projectApi.renameProject.id]: ({ body }) => ({ ret: OK, project: project({ name: (body as { name: string }).name }) }) }));
    renderApp('en', '#/projects');
    fireEvent.click(await screen.findByLabelText('Rename Field tools'));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Project name');
    expect((input as HTMLInputElement).value).toBe('Field tools');
    expect(within(dialog).queryByText('Data location')).toBeNull();
    fireEvent.change(input, { target: { value: 'Field kit' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The project is now called Field kit.')).toBeTruthy();
    expect(callsTo(callEndpoint, projectApi.renameProject)[0]).toMatchObject({ params: { projectId: PROJECT_ID }, body: { name: 'Field kit' } });
  });

  it('deletes a project after confirmation', async () => {
    answerCalls(callEndpoint, handlers({ [projectApi.deleteProject.id]: () => ({ ret: OK }) }));
    renderApp('en', '#/projects');
    fireEvent.click(await screen.findByLabelText('Delete Field tools'));
    expect(screen.getByText('A project can only be deleted when it holds no apps.')).toBeTruthy();
    fireEvent.click(within(popconfirm('Delete the project Field tools?')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The project Field tools was deleted.')).toBeTruthy();
    expect(callsTo(callEndpoint, projectApi.deleteProject)[0]?.params).toEqual({ projectId: PROJECT_ID });
  });

  it('offers no changes to members without project.manage', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.userPermission.id]: () => permissionsOf('operations') }));
    renderApp('en', '#/projects');
    expect(await screen.findByText('Field tools')).toBeTruthy();
    await act(async () => undefined);
    expect(screen.queryByText('Create project')).toBeNull();
    expect(screen.queryByLabelText('Delete Field tools')).toBeNull();
  });
});

describe('Project settings', () => {
  it('shows general information, the apps, the members, and downloads the configuration file', async () => {
    const content = { configuration_version: '1.0', region: 'RU', agcgw: { url: 'https://gw.example' }, client: { project_id: PROJECT_ID, product_id: PROJECT_ID, team_id: 't' } };
    answerCalls(callEndpoint, handlers({ [projectApi.projectConfigFile.id]: () => ({ ret: OK, fileName: 'agconnect-services.json', content }) }));
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:config';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('en', `#/projects/${PROJECT_ID}/settings`);
    expect(await screen.findByText('Project settings', { selector: 'h2' })).toBeTruthy();
    const general = screen.getByText('General information').closest('.ant-card') as HTMLElement;
    expect(within(general).getByText(PROJECT_ID)).toBeTruthy();
    expect(within(general).getByText('Russia', { exact: false }).textContent).toBe('Russia (fixed)');
    const appRow = (await screen.findByText('Field Notes')).closest('tr')!;
    expect(within(appRow).getByText('com.example.fieldnotes')).toBeTruthy();
    expect(within(appRow).getByText('Android')).toBeTruthy();
    const memberRow = (await screen.findByText('ada@example.com')).closest('tr')!;
    expect(within(memberRow).getByText('Account holder')).toBeTruthy();

    fireEvent.click(screen.getByText('Download configuration file').closest('button')!);
    expect(await screen.findByText('agconnect-services.json was downloaded.')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    expect(JSON.parse(await created[0]!.text())).toEqual(content);
  });

  it('adds an app to this project from its settings', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [appApi.appListByProject.id]: () => ({ ret: OK, items: [] }),
        [appApi.checkAppName.id]: () => ({ ret: OK, available: true, reason: null, message: '' }),
        [appApi.checkPackageName.id]: () => ({ ret: OK, available: true, reason: null, message: '' }),
        [appApi.createApp.id]: ({ body }) => ({ ret: OK, app: app({ ...(body as object) }) }),
        [appApi.getApp.id]: () => ({ ret: OK, app: app() }),
        [appApi.appKinds.id]: () => ({ ret: OK, items: [] }),
      }),
    );
    renderApp('en', `#/projects/${PROJECT_ID}/settings`);
    expect(await screen.findByText('No apps in this project yet. Add an app to start publishing.')).toBeTruthy();
    fireEvent.click(screen.getAllByText('Add app')[0]!.closest('button')!);
    const dialog = await screen.findByRole('dialog');
    // The project is this one, not a choice.
    await within(dialog).findByText('Field tools');
    expect(within(dialog).queryByText('New project')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('App name'), { target: { value: 'Field Notes' } });
    fireEvent.change(within(dialog).getByLabelText('Package name'), { target: { value: 'com.example.fieldnotes' } });
    fireEvent.click(within(dialog).getByText('Create').closest('button')!);
    expect(await screen.findByText('The app Field Notes was created.')).toBeTruthy();
    expect(callsTo(callEndpoint, appApi.createApp)[0]?.body).toEqual({
      projectId: PROJECT_ID,
      platform: 'android',
      name: 'Field Notes',
      packageName: 'com.example.fieldnotes',
      category: 'app',
      defaultLanguage: 'enUS',
    });
  });

  it('says so when the project does not exist', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [projectApi.getProject.id]: () => {
          throw new Error('not found');
        },
      }),
    );
    renderApp('en', `#/projects/${PROJECT_ID}/settings`);
    expect(await screen.findByText('This project does not exist or was deleted')).toBeTruthy();
  });
});
