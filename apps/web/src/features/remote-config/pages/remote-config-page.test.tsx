import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { analyticsApi, remoteConfigApi, type RemoteTemplate, type RemoteVersionSummary } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { APP_ID, appShellHandlers } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies, USER_ID } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The Remote Configuration page with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const EMPTY: RemoteTemplate = { conditions: [], parameters: [] };
const BUYERS = '00000000-0000-4000-8000-0000000000b1';
const GREETING: RemoteTemplate = {
  conditions: [
    { name: 'Russia', rules: [{ field: 'country', op: 'in', values: ['RU'] }] },
    { name: 'Version 2', rules: [{ field: 'appVersion', op: 'gte', value: '2.0' }] },
  ],
  parameters: [{ key: 'greeting', type: 'string', defaultValue: 'Hello', conditionalValues: [{ condition: 'Russia', value: 'Привет' }] }],
};

const draft = (template: RemoteTemplate, over: Partial<{ revision: number; basedOn: number; changed: boolean }> = {}) => ({
  template,
  revision: 3,
  basedOn: 1,
  changed: false,
  updatedAt: '2026-03-09T10:00:00.000Z',
  updatedBy: 'Dev',
  review: null as null | { revision: number; requestedBy: string | null; requestedById: string | null; requestedAt: string; description: string | null },
  ...over,
});
const version = (number: number, over: Partial<RemoteVersionSummary> = {}): RemoteVersionSummary => ({
  number,
  publishedAt: '2026-03-09T10:00:00.000Z',
  publishedBy: 'Dev',
  origin: 'publish',
  rollbackOf: null,
  description: null,
  requestedBy: null,
  parameters: 1,
  conditions: 2,
  ...over,
});

type Review = { revision: number; requestedBy: string | null; requestedById: string | null; requestedAt: string; description: string | null };

function serve(template: RemoteTemplate, over: { published?: RemoteVersionSummary | null; changed?: boolean; requireReview?: boolean; review?: Review } = {}) {
  let current = { ...draft(template, { changed: over.changed ?? false }), review: over.review ?? null };
  answerCalls(callEndpoint, {
    ...appShellHandlers(),
    [remoteConfigApi.getRemoteConfig.id]: () => ({ ret: OK, draft: current, published: over.published === undefined ? version(1) : over.published, settings: { minimumFetchIntervalSeconds: 60, requireReview: over.requireReview ?? false } }),
    [remoteConfigApi.saveRemoteDraft.id]: ({ body }) => {
      const { template: next } = body as { template: RemoteTemplate };
      current = draft(next, { revision: current.revision + 1, changed: true });
      return { ret: OK, draft: current };
    },
    [remoteConfigApi.publishRemoteConfig.id]: () => ({ ret: OK, version: version(2), draft: (current = { ...current, changed: false, basedOn: 2 }) }),
    [remoteConfigApi.getRemoteVersion.id]: ({ params }) => ({ ret: OK, version: version(Number((params as { number: string }).number)), template: GREETING, previous: Number((params as { number: string }).number) > 1 ? EMPTY : null }),
    [remoteConfigApi.listRemoteVersions.id]: () => ({ ret: OK, items: [version(2), version(1, { description: 'First greeting' })], nextCursor: null, total: 2 }),
    [remoteConfigApi.requestRemoteReview.id]: () => ({ ret: OK, draft: (current = { ...current, review: { revision: current.revision, requestedBy: 'Dev', requestedById: USER_ID, requestedAt: '2026-03-09T11:00:00.000Z', description: null } }) }),
    [remoteConfigApi.approveRemoteReview.id]: () => ({ ret: OK, version: version(2, { requestedBy: 'Ann' }), draft: (current = { ...current, review: null, changed: false }) }),
    [remoteConfigApi.previewRemoteConfig.id]: () => ({ ret: OK, holding: ['Russia'], values: [{ key: 'greeting', type: 'string', value: 'Привет', condition: 'Russia' }, { key: 'limit', type: 'number', value: null, condition: null }] }),
    [remoteConfigApi.rollBackRemoteConfig.id]: () => ({ ret: OK, version: version(3, { origin: 'rollback', rollbackOf: 1 }), draft: current }),
    [analyticsApi.listAudiences.id]: () => ({ ret: OK, audiences: [{ audienceId: BUYERS, name: 'Recent buyers', description: '', conditions: [{ kind: 'event', event: 'purchase', atLeast: 1, withinDays: 7 }], size: 12, computedAt: null, updatedAt: '2026-03-09T10:00:00.000Z' }] }),
  });
}

const button = (name: string, inside: HTMLElement = document.body) => within(inside).getByRole('button', { name });
const dialogOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('Remote Configuration page', () => {
  it('says what to do first, adds a parameter to the draft and publishes it with a description', async () => {
    serve(EMPTY, { published: null });
    renderApp('en', `#/apps/${APP_ID}/remote-config`);
    expect(await screen.findByText('Nothing is published yet: devices keep their in-app defaults.')).toBeTruthy();
    fireEvent.click(await screen.findByText('No parameters yet. Add one: a key your app reads, a default value, and values for conditions.').then(() => button('Add parameter')));
    const dialog = await dialogOf('New parameter');
    fireEvent.change(within(dialog).getByLabelText('Key'), { target: { value: '1st' } });
    fireEvent.click(button('Save', dialog));
    expect(await within(dialog).findByText('Letters, digits and underscores, not starting with a digit')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Key'), { target: { value: 'welcome_message' } });
    fireEvent.change(within(dialog).getByLabelText('Default value'), { target: { value: 'Hello' } });
    fireEvent.click(button('Save', dialog));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)).toHaveLength(1));
    expect(callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)[0]!.body).toEqual({ template: { conditions: [], parameters: [{ key: 'welcome_message', type: 'string', defaultValue: 'Hello', conditionalValues: [] }] }, revision: 3 });

    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const publish = await dialogOf('Publish the draft');
    expect(within(publish).getByText('welcome_message')).toBeTruthy();
    fireEvent.change(within(publish).getByLabelText('What changed and why (optional)'), { target: { value: 'Greeting for everyone' } });
    fireEvent.click(button('Publish', publish));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.publishRemoteConfig)).toHaveLength(1));
    expect(callsTo(callEndpoint, remoteConfigApi.publishRemoteConfig)[0]!.body).toEqual({ revision: 4, description: 'Greeting for everyone' });
  });

  it('refuses a number default that is not one before anything is sent', async () => {
    serve(EMPTY);
    renderApp('en', `#/apps/${APP_ID}/remote-config`);
    fireEvent.click(await screen.findByRole('button', { name: 'Add parameter' }));
    const dialog = await dialogOf('New parameter');
    fireEvent.change(within(dialog).getByLabelText('Key'), { target: { value: 'max_items' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Type'));
    fireEvent.click(await screen.findByText('Number', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByLabelText('Default value'), { target: { value: 'ten' } });
    fireEvent.click(button('Save', dialog));
    expect(await within(dialog).findByText('Enter a number, such as 10 or 2.5')).toBeTruthy();
    expect(callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)).toHaveLength(0);
  });

  it('shows conditions by priority in Russian, raises one, and deleting one takes its values along', async () => {
    serve(GREETING);
    renderApp('ru', `#/apps/${APP_ID}/remote-config`);
    fireEvent.click(await screen.findByText('Условия (2)'));
    expect(await screen.findByText('Страна или регион одно из Россия')).toBeTruthy();
    expect(screen.getByText('Версия приложения ≥ 2.0')).toBeTruthy();
    fireEvent.click(button('Повысить приоритет Version 2'));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)).toHaveLength(1));
    expect((callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)[0]!.body as { template: RemoteTemplate }).template.conditions.map((c) => c.name)).toEqual(['Version 2', 'Russia']);

    fireEvent.click(button('Удалить Russia'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)).toHaveLength(2));
    const after = (callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)[1]!.body as { template: RemoteTemplate }).template;
    expect(after.conditions.map((c) => c.name)).toEqual(['Version 2']);
    expect(after.parameters[0]!.conditionalValues).toEqual([]);
  });

  it('names the App Analytics audience a condition targets', async () => {
    serve({ conditions: [{ name: 'Buyers', rules: [{ field: 'audience', op: 'in', values: [BUYERS] }] }], parameters: [] });
    renderApp('en', `#/apps/${APP_ID}/remote-config`);
    fireEvent.click(await screen.findByText('Conditions (1)'));
    expect(await screen.findByText('Audience is one of Recent buyers')).toBeTruthy();
  });

  it('adds a condition for app versions from 2.0', async () => {
    serve(EMPTY);
    renderApp('en', `#/apps/${APP_ID}/remote-config`);
    fireEvent.click(await screen.findByText('Conditions (0)'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add condition' }));
    const dialog = await dialogOf('New condition');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'New versions' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Rule 1: what it tests'));
    fireEvent.click(await screen.findByText('App version', { selector: '.ant-select-item-option-content' }));
    expect(await within(dialog).findByText('≥')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Rule 1: values'), { target: { value: '2.0' } });
    fireEvent.click(button('Save', dialog));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)).toHaveLength(1));
    expect((callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)[0]!.body as { template: RemoteTemplate }).template.conditions).toEqual([{ name: 'New versions', rules: [{ field: 'appVersion', op: 'gte', value: '2.0' }] }]);
  });

  it('lists versions in Chinese, shows what one changed and rolls back to it', async () => {
    serve(GREETING, { published: version(2) });
    renderApp('cn', `#/apps/${APP_ID}/remote-config`);
    fireEvent.click(await screen.findByText('版本'));
    expect(await screen.findByText('First greeting')).toBeTruthy();
    fireEvent.click(button('查看第 1 版'));
    expect(await screen.findByText('保留的第一个版本：其中内容均为新增')).toBeTruthy();
    expect(within(screen.getByTestId('remote-diff')).getByText('greeting')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '回滚到此版本' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.rollBackRemoteConfig)).toHaveLength(1));
    expect(callsTo(callEndpoint, remoteConfigApi.rollBackRemoteConfig)[0]).toMatchObject({ params: { number: '1' }, query: { appId: APP_ID } });
  });

  it('imports an exported JSON file into the draft after saying what it holds, and refuses a file that is not one', async () => {
    serve(EMPTY);
    renderApp('en', `#/apps/${APP_ID}/remote-config`);
    await screen.findByRole('button', { name: 'Export JSON' });
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['{"rows": []}'], 'notes.json', { type: 'application/json' })] } });
    expect(await screen.findByText('notes.json is not a Remote Configuration export (JSON with conditions and parameters)')).toBeTruthy();
    fireEvent.change(input(), { target: { files: [new File([JSON.stringify({ version: version(1), template: GREETING })], 'remote-config.json', { type: 'application/json' })] } });
    expect(await screen.findByText(/Parameters: 1, conditions: 2\./)).toBeTruthy();
    const confirm = screen.getAllByText('Replace the draft with this file?')[0]!.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Import JSON' }));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)).toHaveLength(1));
    expect((callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)[0]!.body as { template: RemoteTemplate }).template).toEqual(GREETING);
  });

  it('imports a template exported from Firebase, naming the conditions it cannot say and resolving audiences by name', async () => {
    serve(EMPTY);
    renderApp('en', `#/apps/${APP_ID}/remote-config`);
    await screen.findByRole('button', { name: 'Export for Firebase' });
    const firebase = {
      conditions: [
        { name: 'Russia', expression: "device.country in ['ru'] && app.audiences.inAtLeastOne(['Recent buyers'])", tagColor: 'BLUE' },
        { name: 'Big builds', expression: "app.build.>=(['100'])" },
      ],
      parameters: { greeting: { defaultValue: { value: 'Hello' }, conditionalValues: { Russia: { value: 'Привет' }, 'Big builds': { value: 'Hey' } }, valueType: 'STRING' } },
    };
    await waitFor(() => expect(callsTo(callEndpoint, analyticsApi.listAudiences)).not.toHaveLength(0));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(firebase)], 'remote_config.json', { type: 'application/json' })] } });
    expect(await screen.findByText('Left out, as Wharf cannot say what they test (their values go too): Big builds.')).toBeTruthy();
    const confirm = screen.getAllByText('Replace the draft with this file?')[0]!.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Import JSON' }));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)).toHaveLength(1));
    expect((callsTo(callEndpoint, remoteConfigApi.saveRemoteDraft)[0]!.body as { template: RemoteTemplate }).template).toEqual({
      conditions: [{ name: 'Russia', color: '#4285f4', rules: [{ field: 'country', op: 'in', values: ['RU'] }, { field: 'audience', op: 'in', values: [BUYERS] }] }],
      parameters: [{ key: 'greeting', type: 'string', defaultValue: 'Hello', conditionalValues: [{ condition: 'Russia', value: 'Привет' }] }],
    });
  });

  it('asks for a review instead of publishing when the app wants four eyes, and lets another member approve one', async () => {
    serve(GREETING, { changed: true, requireReview: true });
    renderApp('en', `#/apps/${APP_ID}/remote-config`);
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for review' }));
    const ask = await dialogOf('Ask for a review');
    fireEvent.click(button('Ask for review', ask));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.requestRemoteReview)).toHaveLength(1));
    expect(callsTo(callEndpoint, remoteConfigApi.requestRemoteReview)[0]!.body).toEqual({ revision: 3 });
    expect(await screen.findByText(/Dev asked for a review of these changes/)).toBeTruthy();
    // Who asked may withdraw, never approve.
    expect(await screen.findByRole('button', { name: 'Withdraw request' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve and publish' })).toBeNull();
  });

  it('shows a review another member asked for, in Russian, and approves it', async () => {
    serve(GREETING, { changed: true, requireReview: true, review: { revision: 3, requestedBy: 'Ann', requestedById: 'someone-else', requestedAt: '2026-03-09T11:00:00.000Z', description: 'К празднику' } });
    renderApp('ru', `#/apps/${APP_ID}/remote-config`);
    expect(await screen.findByText(/Ann отправил\(а\) эти изменения на проверку .* «?“К празднику”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Одобрить и опубликовать' }));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.approveRemoteReview)).toHaveLength(1));
    expect(callsTo(callEndpoint, remoteConfigApi.approveRemoteReview)[0]!.body).toEqual({ revision: 3 });
  });

  it('previews what a device would get, with the condition behind each value', async () => {
    serve(GREETING);
    renderApp('en', `#/apps/${APP_ID}/remote-config`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Preview' }));
    fireEvent.click(await screen.findByLabelText('The published version'));
    fireEvent.change(screen.getByLabelText('App version'), { target: { value: ' 2.1 ' } });
    fireEvent.change(screen.getByLabelText('User property'), { target: { value: 'plan=pro\nbroken line' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(callsTo(callEndpoint, remoteConfigApi.previewRemoteConfig)).toHaveLength(1));
    expect(callsTo(callEndpoint, remoteConfigApi.previewRemoteConfig)[0]!.body).toEqual({ source: 'published', deviceId: 'console-preview', attributes: { appVersion: '2.1', userProperties: { plan: 'pro' } } });
    const result = await screen.findByTestId('remote-preview');
    expect(within(result).getByText('Привет')).toBeTruthy();
    expect(within(result).getByText('In-app default')).toBeTruthy();
  });
});
