import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiClientsApi, teamApi, userPermissionMap, type ApiClient, type PermissionName } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo, member, permissionsOf, roles } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

// Users and permissions → API keys with the real providers, router, tables and dialogs;
// the request layer is replaced at its module boundary.
const OK = { code: 0, msg: 'success' };
const SECRET = 'Zq3vW9xY2a7Bc8De1Fg4Hj6Kl0Mn5Pr3St7Uv9WxYz';
const client = (over: Partial<ApiClient>): ApiClient => ({
  clientId: '1234567890123456789',
  name: 'CI',
  type: 'api-client',
  role: 'publishing',
  projectId: null,
  projectName: null,
  secretHint: 'WxYz',
  previousSecretUntil: null,
  keys: [],
  createdBy: null,
  createdAt: '2026-03-09T12:00:00.000Z',
  lastUsedAt: null,
  ...over,
});
const KEY_FILE = { type: 'service_account' as const, project_id: '', key_id: '77777777-7777-4777-8777-777777777777', private_key: '-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n', sub_account: '9876543210987654321', token_uri: 'http://localhost/api/oauth2/v1/token' };

const APP_ONE = { appId: '11111111-1111-4111-8111-111111111111', name: 'Tipsy', packageName: 'com.dhruv.tipsy', projectId: '22222222-2222-4222-8222-222222222222', grantedAt: null };
const APP_TWO = { appId: '33333333-3333-4333-8333-333333333333', name: 'Cider', packageName: 'com.wharf.cider', projectId: '22222222-2222-4222-8222-222222222222', grantedAt: null };

function serve(initial: ApiClient[], granted?: PermissionName[]) {
  let items = initial;
  answerCalls(callEndpoint, {
    ...shellHandlers(),
    [teamApi.userPermission.id]: () => (granted ? { ...permissionsOf('accountHolder'), userPermission: userPermissionMap(granted) } : permissionsOf('accountHolder')),
    [teamApi.roleList.id]: () => ({ ret: OK, roles: roles() }),
    [teamApi.membersRoleList.id]: () => ({ ret: OK, items: [member()], nextCursor: null, total: 1 }),
    [teamApi.invitationList.id]: () => ({ ret: OK, items: [] }),
    [apiClientsApi.listApiClients.id]: () => ({ ret: OK, items, nextCursor: null, total: items.length }),
    [apiClientsApi.createApiClient.id]: (o) => {
      const body = o.body as { name: string; type: ApiClient['type']; role: ApiClient['role'] };
      const made = body.type === 'service-account' ? client({ ...body, clientId: KEY_FILE.sub_account, secretHint: '', keys: [{ keyId: KEY_FILE.key_id, createdAt: '2026-03-09T12:00:00.000Z', lastUsedAt: null }] }) : client({ ...body });
      items = [made, ...items];
      return { ret: OK, client: made, ...(body.type === 'service-account' ? { keyFile: KEY_FILE } : { clientSecret: SECRET }) };
    },
    [apiClientsApi.updateApiClient.id]: (o) => ({ ret: OK, client: items[0], clientSecret: `${SECRET}2`, ...(o.body as object) }),
    [apiClientsApi.grantedResources.id]: () => ({ ret: OK, resources: [], limited: false }),
    [apiClientsApi.grantableResources.id]: () => ({ ret: OK, resources: [APP_ONE, APP_TWO] }),
    [apiClientsApi.grantRecord.id]: () => ({ ret: OK, resources: [{ ...APP_ONE, grantedAt: '2026-03-09T12:00:00.000Z' }], limited: true }),
    [apiClientsApi.deleteApiClient.id]: (o) => {
      items = items.filter((c) => c.clientId !== (o.query as { clientId: string }).clientId);
      return { ret: OK };
    },
  });
}

const button = (text: string, within_: HTMLElement = document.body) => within(within_).getByText(text).closest('button') as HTMLElement;
let saved: string[] = [];
beforeEach(() => {
  setSessionCookies({ siteId: 8 });
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:key');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  callEndpoint.mockReset();
  vi.restoreAllMocks();
  clearSessionCookies();
});

describe('API keys', () => {
  it('say what to do when there are none, then create an API client whose secret is shown once', async () => {
    serve([]);
    renderApp('en', '#/team/users?tab=api-keys');
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
    fireEvent.click(within(screen.getByText(/No API keys yet/).closest('.ant-empty') as HTMLElement).getByText('Create').closest('button')!);
    const dialog = (await screen.findByText('Create an API key')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'GitHub Actions' } });
    fireEvent.click(within(dialog).getByText('API client'));
    fireEvent.click(button('Create', dialog.querySelector('.ant-modal-footer') as HTMLElement));
    expect(await screen.findByText('"GitHub Actions" is ready')).toBeTruthy();
    expect(screen.getByTestId('client-secret').textContent).toContain(SECRET);
    expect(callsTo(callEndpoint, apiClientsApi.createApiClient)[0]).toMatchObject({ body: { name: 'GitHub Actions', type: 'api-client', role: 'publishing', projectId: null } });
    fireEvent.click(button('Done'));
    await waitFor(() => expect(screen.queryByTestId('client-secret')).toBeNull());
    const row = (await screen.findByText('GitHub Actions')).closest('tr') as HTMLElement;
    expect(within(row).getByText('••••WxYz')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
  });

  it('download a service account key file at once, and revoke a client after asking', async () => {
    serve([client({ name: 'Old CI' })]);
    renderApp('en', '#/team/users?tab=api-keys');
    await screen.findByText('Old CI');
    fireEvent.click(button('Create'));
    const dialog = (await screen.findByText('Create an API key')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Deploy' } });
    fireEvent.click(button('Create', dialog.querySelector('.ant-modal-footer') as HTMLElement));
    expect(await screen.findByText('"Deploy" is ready')).toBeTruthy();
    expect(saved).toEqual([`${KEY_FILE.sub_account}-77777777-private.json`]);
    expect(screen.queryByTestId('client-secret')).toBeNull();
    fireEvent.click(button('Done'));
    const row = (await screen.findByText('Old CI')).closest('tr') as HTMLElement;
    fireEvent.click(button('Revoke', row));
    fireEvent.click(button('Revoke', (await screen.findByText('Revoke "Old CI"?')).closest('.ant-popover') as HTMLElement));
    await waitFor(() => expect(screen.queryByText('Old CI')).toBeNull());
    expect(callsTo(callEndpoint, apiClientsApi.deleteApiClient)[0]).toMatchObject({ query: { clientId: '1234567890123456789' } });
  });

  it('reset a secret, keeping the old one for a day or revoking it now', async () => {
    serve([client({ name: 'Rotating' })]);
    renderApp('ru', '#/team/users?tab=api-keys');
    const row = (await screen.findByText('Rotating')).closest('tr') as HTMLElement;
    fireEvent.click(button('Сменить секрет', row));
    const dialog = (await screen.findByText('Сменить секрет «Rotating»')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText(/перестаёт действовать сейчас/));
    fireEvent.click(button('Сменить', dialog.querySelector('.ant-modal-footer') as HTMLElement));
    expect(await screen.findByText('«Rotating» готов')).toBeTruthy();
    expect(callsTo(callEndpoint, apiClientsApi.updateApiClient)[0]).toMatchObject({ body: { clientId: '1234567890123456789', resetSecret: 'revoke-old-now' } });
  });

  it('are not offered to a member who may not manage members', async () => {
    // A custom role that reads the audit log but may not manage members.
    serve([], ['team.read', 'team.audit.read']);
    renderApp('en', '#/team/users?tab=api-keys');
    expect(await screen.findByText('Audit log')).toBeTruthy();
    expect(screen.queryByText('API keys')).toBeNull();
    expect(callsTo(callEndpoint, apiClientsApi.listApiClients)).toHaveLength(0);
  });

  it('limit a key to chosen apps: empty means every app, a choice is granted', async () => {
    serve([client({ name: 'Scoped' })]);
    renderApp('en', '#/team/users?tab=api-keys');
    const row = (await screen.findByText('Scoped')).closest('tr') as HTMLElement;
    fireEvent.click(button('Apps', row));
    const dialog = (await screen.findByText('Apps "Scoped" may act on')).closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByText('Every app it can reach')).toBeTruthy();
    const select = within(dialog).getByLabelText('Apps');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Tipsy (com.dhruv.tipsy)'));
    expect(await within(dialog).findByText('Only the 1 chosen app(s)')).toBeTruthy();
    fireEvent.click(button('Save', dialog.querySelector('.ant-modal-footer') as HTMLElement));
    await waitFor(() => expect(callsTo(callEndpoint, apiClientsApi.grantRecord)).toHaveLength(1));
    expect(callsTo(callEndpoint, apiClientsApi.grantRecord)[0]).toMatchObject({ body: { clientId: '1234567890123456789', appIds: [APP_ONE.appId] } });
    expect(callsTo(callEndpoint, apiClientsApi.revokeGrant)).toHaveLength(0);
  });
});
