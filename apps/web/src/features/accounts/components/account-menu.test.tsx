import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { teamApi } from '@wharf/contract';
import { requestClient } from '../../../request/call';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, OTHER_TEAM_ID, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';


const OK = { code: 0, msg: 'success' };
const NEW_TEAM = '77777777-7777-4777-8777-777777777777';

function handlers() {
  return {
    ...shellHandlers(),
    [teamApi.switchTeam.id]: ({ body }: { body?: unknown }) => {
      setSessionCookies({ teamId: (body as { teamId: string }).teamId });
      return { ret: OK, teamId: (body as { teamId: string }).teamId, siteId: 1, userInfo: {} };
    },
    [teamApi.createMainUser.id]: ({ body }: { body?: unknown }) => ({
      ret: OK,
      team: { teamId: NEW_TEAM, name: (body as { name: string }).name, siteId: 1, zone: 'china', countryCode: null, userType: 2, mainUserId: 'u', roles: ['accountHolder'], expiresAt: null },
    }),
  };
}

async function openMenu() {
  const trigger = await screen.findByLabelText('Account menu');
  await within(trigger).findByText('Ada Admin');
  fireEvent.click(trigger);
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown .ant-dropdown-menu');
    if (!menu) throw new Error('the account menu is not open');
    return menu;
  });
}

beforeEach(() => setSessionCookies());

afterEach(() => {
  vi.restoreAllMocks();
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
});

describe('account menu', () => {
  it('shows who is signed in and the current team', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en');
    const menu = await openMenu();
    // Her personal team bears her name: the header says it once.
    expect(within(screen.getByLabelText('Account menu')).queryByText('· Ada Admin')).toBeNull();
    expect(within(menu).getByText('ada@example.com')).toBeTruthy();
    expect(within(menu).getByText('Current team: Ada Admin')).toBeTruthy();
    expect(within(menu).getByText('Create a company team')).toBeTruthy();
    expect(within(menu).getByText('Sign out')).toBeTruthy();
    const reference = within(menu).getByText('API reference').closest('a');
    expect(reference?.getAttribute('href')).toBe('/docs');
    expect(reference?.getAttribute('target')).toBe('_blank');
  });

  it('switches to another team', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', '#/no/where');
    const menu = await openMenu();
    fireEvent.mouseEnter(within(menu).getByText('Switch team'));
    fireEvent.click(await screen.findByText('Acme'));
    expect(await screen.findByText('You are now working in Acme.')).toBeTruthy();
    expect(callsTo(callEndpoint, teamApi.switchTeam)[0]?.body).toEqual({ teamId: OTHER_TEAM_ID });
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    // The new team's permissions are asked for with the new team.
    await waitFor(() => expect(callsTo(callEndpoint, teamApi.userPermission).length).toBeGreaterThan(1));
  });

  it('signs out and goes to the sign-in page', async () => {
    answerCalls(callEndpoint, handlers());
    const logout = vi.spyOn(requestClient(), 'logout').mockImplementation(async () => {
      clearSessionCookies();
      return true;
    });
    renderApp('en');
    const menu = await openMenu();
    fireEvent.click(within(menu).getByText('Sign out'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('creates a company team and switches to it', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en');
    const menu = await openMenu();
    fireEvent.click(within(menu).getByText('Create a company team'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText("Enter the team's name.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Team name'), { target: { value: ' Acme Games ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('The team Acme Games was created.')).toBeTruthy();
    expect(callsTo(callEndpoint, teamApi.createMainUser)[0]?.body).toEqual({ name: 'Acme Games' });
    await waitFor(() => expect(callsTo(callEndpoint, teamApi.switchTeam)[0]?.body).toEqual({ teamId: NEW_TEAM }));
  });
});
