import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { teamApi, userPermissionMap } from '@wharf/contract';
import { answerCalls, callsTo, CUSTOM_ROLE_KEY, member, permissionsOf, roles } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// Users and permissions with the real providers, router, tables and dialogs; the request
// layer is replaced at its module boundary.

const OK = { code: 0, msg: 'success' };
const OSKAR_ID = '55555555-5555-4555-8555-555555555555';
const OSKAR = member({ userId: OSKAR_ID, email: 'oskar@example.com', displayName: 'Oskar Ops', roles: ['operations'], isAccountHolder: false, expiresAt: '2026-12-31T20:59:59.999Z' });
const INVITATION = {
  invitationId: '66666666-6666-4666-8666-666666666666',
  email: 'rita@example.com',
  roles: ['finance'],
  appIds: [],
  memberExpiresAt: null,
  invitedBy: 'Ada Admin',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
};

function handlers(over: Record<string, (o: { params?: unknown; body?: unknown; query?: unknown }) => unknown> = {}) {
  return {
    ...shellHandlers(),
    [teamApi.roleList.id]: () => ({ ret: OK, roles: roles() }),
    [teamApi.membersRoleList.id]: () => ({ ret: OK, items: [member(), OSKAR], nextCursor: null, total: 2 }),
    [teamApi.invitationList.id]: () => ({ ret: OK, items: [INVITATION] }),
    ...over,
  };
}

function button(label: HTMLElement): HTMLElement {
  return label.closest('button') as HTMLElement;
}

function popconfirm(title: string): HTMLElement {
  return screen.getByText(title).closest('.ant-popover') as HTMLElement;
}

async function pick(label: string, text: string, container: HTMLElement = document.body) {
  const input = within(container).getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  await act(async () => undefined);
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await act(async () => undefined);
}

beforeEach(() => {
  setSessionCookies();
});

afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
});

describe('members', () => {
  it('lists members with roles, app scope and expiry', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', '#/team/users');
    expect(await screen.findByText('Oskar Ops')).toBeTruthy();
    const row = screen.getByText('oskar@example.com').closest('tr')!;
    expect(within(row).getByText('Operations')).toBeTruthy();
    expect(within(row).getByText('All apps')).toBeTruthy();
    expect(within(row).getByText(/^2026-12-3[01]$/)).toBeTruthy();
    const holder = screen.getByText('ada@example.com').closest('tr')!;
    expect(within(holder).getByText('Account holder')).toBeTruthy();
    expect(within(holder).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByText('Members: 2')).toBeTruthy();
  });

  it('removes a member after confirmation', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.removeMember.id]: () => ({ ret: OK }) }));
    renderApp('en', '#/team/users');
    fireEvent.click(await screen.findByLabelText('Remove Oskar Ops'));
    const confirm = popconfirm('Remove Oskar Ops from the team?');
    expect(callsTo(callEndpoint, teamApi.removeMember)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Oskar Ops was removed from the team.')).toBeTruthy();
    expect(callsTo(callEndpoint, teamApi.removeMember)[0]?.params).toEqual({ userId: OSKAR_ID });
  });

  it("edits a member's roles", async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.updateMember.id]: () => ({ ret: OK, member: OSKAR }) }));
    renderApp('en', '#/team/users');
    fireEvent.click(await screen.findByLabelText('Edit Oskar Ops'));
    const dialog = await screen.findByRole('dialog');
    await pick('Roles', 'Finance', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The roles of Oskar Ops were saved.')).toBeTruthy();
    const [call] = callsTo(callEndpoint, teamApi.updateMember);
    expect(call?.params).toEqual({ userId: OSKAR_ID });
    expect(call?.body).toEqual({ roles: ['operations', 'finance'], appIds: [], expiresAt: OSKAR.expiresAt && expect.stringMatching(/^2026-12-3[01]T/) });
  });

  it('tells what to do when the team has only its holder', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.membersRoleList.id]: () => ({ ret: OK, items: [], nextCursor: null, total: 0 }) }));
    renderApp('en', '#/team/users');
    expect(await screen.findByText('Only you are in this team so far. Invite colleagues and give them roles.')).toBeTruthy();
  });
});

describe('inviting', () => {
  it('validates, asks App administrators for their apps, and sends the invitation', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [teamApi.createSubUser.id]: ({ body }) => ({ ret: OK, invitation: { ...INVITATION, email: (body as { email: string }).email } }),
      }),
    );
    renderApp('en', '#/team/users');
    fireEvent.click(button((await screen.findAllByText('Invite member'))[0]!));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter your email address.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one role.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'new@example.com' } });
    await pick('Roles', 'App administrator', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter the app IDs this person administers.')).toBeTruthy();
    await pick('Apps', 'app-1', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('An invitation was sent to new@example.com.')).toBeTruthy();
    expect(callsTo(callEndpoint, teamApi.createSubUser)[0]?.body).toEqual({ email: 'new@example.com', roles: ['appAdministrator'], appIds: ['app-1'], expiresAt: null });
  });

  it('lists pending invitations and withdraws one after confirmation', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.revokeInvitation.id]: () => ({ ret: OK }) }));
    renderApp('en', '#/team/users?tab=invitations');
    expect(await screen.findByText('rita@example.com')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Withdraw the invitation of rita@example.com'));
    fireEvent.click(within(popconfirm('Withdraw the invitation of rita@example.com?')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The invitation of rita@example.com was withdrawn.')).toBeTruthy();
    expect(callsTo(callEndpoint, teamApi.revokeInvitation)[0]?.params).toEqual({ invitationId: INVITATION.invitationId });
  });

  it('says what to do when nobody is invited', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.invitationList.id]: () => ({ ret: OK, items: [] }) }));
    renderApp('en', '#/team/users?tab=invitations');
    expect(await screen.findByText('No invitations are waiting. Invite a member and they will show here until they accept.')).toBeTruthy();
  });
});

describe('roles', () => {
  it('lists built-in and custom roles with their permissions, in Russian', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('ru', '#/team/users?tab=roles');
    const row = (await screen.findByText('Операции')).closest('tr')!;
    expect(within(row).getByText('Встроенная')).toBeTruthy();
    expect(within(row).getByText('Выпуск версий')).toBeTruthy();
    expect(within(row).queryByText('Управление сертификатами')).toBeNull();
    const custom = screen.getByText('Release managers').closest('tr')!;
    expect(within(custom).getByText('Собственная')).toBeTruthy();
  });

  it('creates a custom role with the chosen permissions', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.createRole.id]: ({ body }) => ({ ret: OK, role: { ...(body as object), key: 'custom:x', builtIn: false, memberCount: 0 } }) }));
    renderApp('en', '#/team/users?tab=roles');
    fireEvent.click(button(await screen.findByText('New custom role')));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'View the team' })); // preselected: now none
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText("Enter the role's name.")).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one permission.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'Testers' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Manage testing' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'View apps' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('The role Testers was created.')).toBeTruthy();
    expect(callsTo(callEndpoint, teamApi.createRole)[0]?.body).toEqual({ name: 'Testers', permissions: ['test.manage', 'app.read'] });
  });

  it('edits and deletes a custom role by its id', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [teamApi.updateRole.id]: () => ({ ret: OK, role: roles().at(-1) }),
        [teamApi.deleteRole.id]: () => ({ ret: OK }),
      }),
    );
    renderApp('en', '#/team/users?tab=roles');
    fireEvent.click(await screen.findByLabelText('Edit the role Release managers'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Edit versions' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The role Release managers was saved.')).toBeTruthy();
    const [update] = callsTo(callEndpoint, teamApi.updateRole);
    expect(update?.params).toEqual({ roleId: CUSTOM_ROLE_KEY.slice('custom:'.length) });
    expect(update?.body).toEqual({ name: 'Release managers', permissions: ['team.read', 'version.release', 'version.manage'] });

    fireEvent.click(screen.getByLabelText('Delete the role Release managers'));
    fireEvent.click(within(popconfirm('Delete the role Release managers?')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The role Release managers was deleted.')).toBeTruthy();
    expect(callsTo(callEndpoint, teamApi.deleteRole)[0]?.params).toEqual({ roleId: CUSTOM_ROLE_KEY.slice('custom:'.length) });
  });
});

describe('permissions decide what shows', () => {
  it('an Operations member sees no Users and permissions page', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.userPermission.id]: () => permissionsOf('operations') }));
    renderApp('en', '#/team/users');
    expect(await screen.findByText('No access to users and permissions')).toBeTruthy();
    expect(callsTo(callEndpoint, teamApi.membersRoleList)).toHaveLength(0);
  });

  it('someone who manages roles only sees the roles, without the invite button', async () => {
    answerCalls(
      callEndpoint,
      handlers({ [teamApi.userPermission.id]: () => ({ ...permissionsOf('operations'), userPermission: userPermissionMap(['team.read', 'team.roles.manage']) }) }),
    );
    renderApp('en', '#/team/users');
    expect(await screen.findByText('New custom role')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Roles']);
    expect(screen.queryByText('Invite member')).toBeNull();
    expect(callsTo(callEndpoint, teamApi.membersRoleList)).toHaveLength(0);
    expect(callsTo(callEndpoint, teamApi.invitationList)).toHaveLength(0);
  });
});
