// @vitest-environment jsdom
/// <reference types="node" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi, consoleApi, RET_CODES, teamApi, type ClientConfig } from '@wharf/contract';
import { RISK_CONTROL_CODE } from '@wharf/rules';
import { createI18n } from '../app/i18n';
import { readCookie } from '../session/cookies';
import { COOKIES, developerUserInfo, isSignedIn, pendingLoginState } from '../session/session';
import { openPageAt, startRealServer, type RealServer } from '../test/real-server';
import { pathOf, recordWire, type WireRequest } from '../test/wire';
import { RequestClient, type ClientEnvironment } from './client';
import type { ApiError, Translate } from './errors';

// The request layer against the real server, started as its own process: real cookies
// (the HttpOnly session, the readable ones), the real CSRF and team checks, the real
// session expiry driven by the server's test clock. The page (jsdom) is given the
// server's origin, as when the console is served by it.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PASSWORD = 'correct horse battery';
const CSRF_HEADER = 'X-Wharf-Guard';

let server: RealServer;
let serverConfig: ClientConfig;
/** How far the server's clock has been moved; the page's clock follows when a test says so. */
let serverOffset = 0;
let counter = 0;
const i18n = createI18n('en');
const translate: Translate = (key, vars) => i18n.t(key, vars);

beforeAll(async () => {
  server = await startRealServer({ CSRF_HEADER_NAME: CSRF_HEADER, RISK_MAX_FAILURES_PER_ACCOUNT: '3' });
  openPageAt(server.address);
  serverConfig = (await (await fetch(`${server.address}${consoleApi.getConfig.fullPath}`)).json()) as ClientConfig;
}, 90_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  window.location.hash = '#/team/users';
});

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

async function advanceServer(ms: number): Promise<void> {
  await server.advanceClock(ms);
  serverOffset += ms;
}

/** The page's clock: the server's unless a test keeps the page behind it. */
const inStep = () => Date.now() + serverOffset;

function makeClient(env: Partial<ClientEnvironment> = {}, switches: Partial<ClientConfig['switches']> = {}) {
  const ui = { errorBox: vi.fn<(text: string) => void>(), riskDialog: vi.fn<(text: string) => void>() };
  const navigate = vi.fn<(path: string) => void>();
  const reload = vi.fn<() => void>();
  const config: ClientConfig = { ...serverConfig, switches: { ...serverConfig.switches, ...switches } };
  const client = new RequestClient({ ui, navigate, reload, translate, language: () => 'en', dev: false, now: inStep, config, ...env });
  return { client, ui, navigate, reload };
}

async function signUp(client: RequestClient): Promise<string> {
  counter += 1;
  const email = `web-${process.pid}-${counter}@example.com`;
  await client.request(authApi.register, { body: { email, password: PASSWORD, displayName: `Web ${counter}` } });
  return email;
}

const paths = (wire: WireRequest[]) => wire.map(pathOf);
const fail = (promise: Promise<unknown>) => promise.then(() => expect.fail('the call succeeded'), (e: unknown) => e as ApiError);

describe('request layer against the real server', () => {
  it('starts with the configuration of the server', () => {
    expect(serverConfig.csrfHeaderName).toBe(CSRF_HEADER);
    expect(serverConfig.switches.useAgcLoginSwitch).toBe(true);
  });

  it('sends the CSRF header under the configured name, and the team id header', async () => {
    const { client } = makeClient();
    await signUp(client);
    const wire = recordWire();
    const answer = await client.request(teamApi.createMainUser, { body: { name: 'Acme' } });
    expect(answer.team.name).toBe('Acme');
    const permissions = await client.request(teamApi.userPermission);
    expect(permissions.userPermission['team.members.manage']).toBe('Y');

    const [create, read] = wire;
    expect(create?.headers[CSRF_HEADER.toLowerCase()]).toBe(readCookie(COOKIES.csrfToken));
    expect(create?.headers['x-csrf-token']).toBeUndefined();
    expect(read?.headers[CSRF_HEADER.toLowerCase()]).toBeUndefined(); // GET changes nothing
    expect(read?.headers.teamid).toBe(readCookie(COOKIES.teamId));
    expect(read?.headers['x-lang']).toBe('en');
    expect(wire.every((r) => r.withCredentials)).toBe(true);
  });

  it('refreshes first once the nominal expiry has passed; calls made together share one refresh', async () => {
    const { client, ui } = makeClient();
    await signUp(client);
    const before = developerUserInfo()!;
    await advanceServer(61 * MINUTE);
    expect(inStep()).toBeGreaterThan(Number(before.expiretime));

    const wire = recordWire();
    const [teams, me, permissions] = await Promise.all([
      client.request(teamApi.teamList),
      client.request(authApi.userInfo),
      client.request(teamApi.userPermission),
    ]);
    expect(teams.items).toHaveLength(1);
    expect(me.accountStatus).toBe(1);
    expect(permissions.isTeamLeader).toBe(true);
    expect(paths(wire).filter((p) => p === authApi.refresh.fullPath)).toHaveLength(1);
    expect(pathOf(wire[0]!)).toBe(authApi.refresh.fullPath);
    expect(wire).toHaveLength(4);
    // The refresh renewed the user-info cookie.
    expect(Number(developerUserInfo()!.expiretime)).toBeGreaterThan(inStep());
    expect(ui.errorBox).not.toHaveBeenCalled();
  });

  it('past the real expiry does not refresh: the refused call sends the user to sign in', async () => {
    const { client, ui, navigate } = makeClient();
    await signUp(client);
    await advanceServer(13 * HOUR);
    const later = makeClient(); // a page opened now (its first request is now)
    const wire = recordWire();
    const error = await fail(later.client.request(teamApi.teamList));
    expect(error).toMatchObject({ status: 401, code: RET_CODES.sessionInvalid.code });
    expect(error.statusText).toContain('accessToken invalid');
    // New login mode: the user info decides; it refuses too, so: sign in again.
    expect(paths(wire)).toEqual([teamApi.teamList.fullPath, authApi.userInfo.fullPath]);
    expect(later.navigate).toHaveBeenCalledWith('/login?redirect=%2Fteam%2Fusers');
    expect(readCookie(COOKIES.userInfo)).toBeNull();
    expect(pendingLoginState()).not.toBeNull();
    expect(later.ui.errorBox).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(ui.errorBox).not.toHaveBeenCalled();
  });

  it('in the new login mode, account status 6 (password reset elsewhere) forces a new sign-in', async () => {
    const { client, ui, navigate } = makeClient();
    const email = await signUp(client);
    await advanceServer(1000);
    const other = makeClient(); // the "elsewhere": anonymous calls, no session needed
    await other.client.request(authApi.requestPasswordReset, { body: { email, language: 'en' } });
    const mail = await server.waitForMail(email, /#\/password\/reset\?token=/);
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    await other.client.request(authApi.resetPassword, { body: { token, password: 'a brand new password' } });

    const wire = recordWire();
    const error = await fail(client.request(teamApi.teamList));
    expect(error).toMatchObject({ status: 401 });
    expect(paths(wire)).toEqual([teamApi.teamList.fullPath, authApi.userInfo.fullPath]);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fteam%2Fusers');
    expect(readCookie(COOKIES.userInfo)).toBeNull();
    expect(pendingLoginState()).toEqual(expect.any(Number));
    expect(ui.errorBox).not.toHaveBeenCalled();
    // Signed out on this side too, so the sign-in page does not send the user back.
    expect(isSignedIn(inStep())).toBe(false);
  });

  it.each([
    { mode: 'new login mode: user info, then refresh', useAgcLoginSwitch: true, expected: [teamApi.teamList, authApi.userInfo, authApi.refresh] },
    { mode: 'old login mode: refresh', useAgcLoginSwitch: false, expected: [teamApi.teamList, authApi.refresh] },
  ])('a refused session that can be refreshed ($mode) is refreshed and the error goes to the caller', async ({ useAgcLoginSwitch, expected }) => {
    const behind = serverOffset;
    // The page's clock stays behind the server's, so the page does not see the expiry coming.
    const { client, ui, navigate } = makeClient({ now: () => Date.now() + behind }, { useAgcLoginSwitch });
    await signUp(client);
    await advanceServer(61 * MINUTE);

    const wire = recordWire();
    const error = await fail(client.request(teamApi.teamList));
    expect(error).toMatchObject({ status: 401, code: RET_CODES.sessionInvalid.code });
    expect(paths(wire)).toEqual(expected.map((e) => e.fullPath));
    expect(navigate).not.toHaveBeenCalled();
    expect(ui.errorBox).toHaveBeenCalledWith('Your session was renewed. Please try again.');
    // The renewed session works.
    await expect(client.request(teamApi.teamList)).resolves.toMatchObject({ items: [expect.objectContaining({ name: expect.any(String) })] });
  });

  it('shows the risk dialog, not an error box, for the sign-in risk control', async () => {
    const { client, ui } = makeClient();
    const email = await signUp(client);
    await client.logout();
    for (let i = 0; i < 3; i += 1) {
      const error = await fail(client.request(authApi.login, { body: { email, password: 'wrong password' } }));
      expect(error).toMatchObject({ status: 400, code: RET_CODES.credentialsInvalid.code });
    }
    expect(ui.errorBox).toHaveBeenCalledTimes(3);
    expect(ui.errorBox).toHaveBeenLastCalledWith('The email or password is incorrect.');

    const wire = recordWire();
    const error = await fail(client.request(authApi.login, { body: { email, password: PASSWORD }, language: 'cn' }));
    expect(error).toMatchObject({ status: 400, code: RISK_CONTROL_CODE });
    expect(wire[0]?.headers['x-lang']).toBe('zh');
    expect(ui.riskDialog).toHaveBeenCalledTimes(1);
    expect(ui.riskDialog).toHaveBeenCalledWith(RET_CODES.riskControl.zh);
    expect(ui.errorBox).toHaveBeenCalledTimes(3);
  });

  it('in open-test mode sends no credentials and strips the CSRF and team headers', async () => {
    const { client } = makeClient();
    await signUp(client);
    window.location.hash = '#/app/openTest?appId=1';
    const wire = recordWire();
    // The server sees neither header: no CSRF token, no team.
    const create = await fail(client.request(teamApi.createMainUser, { body: { name: 'Open' } }));
    expect(create).toMatchObject({ status: 403, code: RET_CODES.csrfInvalid.code });
    const read = await fail(client.request(teamApi.userPermission));
    expect(read).toMatchObject({ status: 403, code: RET_CODES.teamRequired.code });
    for (const request of wire) {
      expect(request.withCredentials).toBe(false);
      expect(request.headers.teamid).toBeUndefined();
      expect(request.headers[CSRF_HEADER.toLowerCase()]).toBeUndefined();
      expect(request.headers['x-lang']).toBe('en');
    }
    window.location.hash = '#/';
    await expect(client.request(teamApi.userPermission)).resolves.toMatchObject({ isTeamLeader: true });
  });

  it('anonymous calls and calls flagged notRefresh / notAuth skip the refresh and the session handling', async () => {
    const { client, ui, navigate } = makeClient();
    await signUp(client);
    await advanceServer(61 * MINUTE);
    const wire = recordWire();
    await client.request(consoleApi.getConfig);
    expect(paths(wire)).toEqual([consoleApi.getConfig.fullPath]);

    const notRefresh = await fail(client.request(teamApi.teamList, { notRefresh: true, notAuth: true }));
    expect(notRefresh).toMatchObject({ status: 401 });
    expect(paths(wire)).toEqual([consoleApi.getConfig.fullPath, teamApi.teamList.fullPath]);
    expect(navigate).not.toHaveBeenCalled();
    // Not handled as a session problem, so it is shown like any other error.
    expect(ui.errorBox).toHaveBeenCalledWith('Your session has expired. Please sign in again.');

    const silent = await fail(client.request(teamApi.teamList, { notRefresh: true, notAuth: true, silent: true }));
    expect(silent.status).toBe(401);
    expect(ui.errorBox).toHaveBeenCalledTimes(1);
  });

  it('reloads the page when its session is more than 6 hours old, counted from the first request', async () => {
    let now = inStep();
    const { client, reload } = makeClient({ now: () => now });
    await signUp(client);
    now += 6 * HOUR;
    await client.request(consoleApi.getConfig); // anonymous: not checked
    const wire = recordWire();
    now += 1;
    const error = await fail(client.request(teamApi.teamList));
    expect(error.canceled).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(wire).toEqual([]);
  });

  it('ignores a second sign-out within 10 seconds of the first', async () => {
    let now = inStep();
    const { client } = makeClient({ now: () => now });
    await signUp(client);
    const wire = recordWire();
    expect(await client.logout()).toBe(true);
    expect(readCookie(COOKIES.userInfo)).toBeNull();
    now += 9_999;
    expect(await client.logout()).toBe(false);
    expect(paths(wire)).toEqual([authApi.logout.fullPath]);
    now += 2;
    expect(await client.logout()).toBe(true);
    expect(paths(wire)).toEqual([authApi.logout.fullPath, authApi.logout.fullPath]);
  });

  it('a signed-out page that calls a session call is sent to sign in', async () => {
    const { client, navigate, ui } = makeClient();
    await signUp(client);
    await client.logout();
    window.location.hash = '#/';
    const error = await fail(client.request(teamApi.teamList));
    expect(error.status).toBe(401);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2F');
    expect(ui.errorBox).not.toHaveBeenCalled();
  });
});
