import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authApi, teamApi } from '@wharf/contract';
import { auditEvents } from '../../../platform/db/tables';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

describe('sign-up', () => {
  it('creates the account, its personal team, and signs in with the specification cookies', async () => {
    const u = await TestUser.register(t, { countryCode: 'RU', displayName: 'Ivan' });
    for (const name of ['wharf_session', 'agc_developer_userinfo', 'agc_team_id', 'agc_team_siteId', 'agc_csrfToken', 'x-teamId']) {
      expect(u.cookies.has(name), name).toBe(true);
    }
    const info = JSON.parse(u.cookies.get('agc_developer_userinfo')!);
    expect(info).toMatchObject({ siteid: 8, mainUserId: u.userId, csrftoken: u.csrf });
    expect(info.expiretime - t.clock.now().getTime()).toBe(HOUR);
    expect(info.expiretime_real - t.clock.now().getTime()).toBe(12 * HOUR);
    const me = (await u.call(authApi.userInfo)).json();
    expect(me).toMatchObject({ accountStatus: 1, countryCode: 'RU', currentTeamId: u.teamId });
    expect(me.teams).toEqual([expect.objectContaining({ teamId: u.teamId, zone: 'russia', siteId: 8, roles: ['accountHolder'], userType: 1 })]);
  });

  it('lets an explicit zone win over the country', async () => {
    const u = await TestUser.register(t, { countryCode: 'RU', zone: 'europe' });
    expect(u.cookies.get('agc_team_siteId')).toBe('7');
  });

  it('keeps the session token out of readable cookies and marks it HttpOnly', async () => {
    const email = TestUser.uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: authApi.register.fullPath, payload: { email, password: 'long enough pw', displayName: 'X' } });
    const cookies = res.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string }>;
    expect(cookies.find((c) => c.name === 'wharf_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.find((c) => c.name === 'agc_csrfToken')?.httpOnly).toBeFalsy();
  });

  it('refuses a taken email with 409 and a short password with 400 naming the field', async () => {
    const u = await TestUser.register(t);
    const again = await t.app.inject({ method: 'POST', url: authApi.register.fullPath, payload: { email: u.email.toUpperCase(), password: 'another pass', displayName: 'Y' } });
    expect(again.statusCode).toBe(409);
    const short = await t.app.inject({ method: 'POST', url: authApi.register.fullPath, payload: { email: TestUser.uniqueEmail(), password: 'short', displayName: 'Y' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([expect.objectContaining({ in: 'body', field: 'password', rule: 'tooShort' })]);
    expect(short.json().ret.msg).toMatch(/^Invalid input: password needs at least \d+ characters$/);
  });
});

describe('sign-in', () => {
  it('accepts the specification default parameters and echoes the login state in redirectUri', async () => {
    const u = await TestUser.register(t);
    const res = await u.call(authApi.login, { body: { email: u.email, password: u.password, clientId: 60992, loginChannel: 89000060, clientType: 89, state: 4242, redirect: '/en/#/apps' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ret: { code: 0 }, siteID: 1, teamId: u.teamId, redirectUri: '/en/#/apps?state=4242' });
    expect(res.json().csrfToken).toBeTruthy();
  });

  it('never redirects to another origin', async () => {
    const u = await TestUser.register(t);
    const res = await u.call(authApi.login, { body: { email: u.email, password: u.password, redirect: '//evil.example/x' } });
    expect(res.json().redirectUri).toBe('/#/');
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const u = await TestUser.register(t);
    const wrong = await t.app.inject({ method: 'POST', url: authApi.login.fullPath, payload: { email: u.email, password: 'nope nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: authApi.login.fullPath, payload: { email: 'nobody@example.com', password: 'nope nope' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().ret.code).toBe(100406);
  });

  it('answers repeated failures with the risk-control code, until the window passes', async () => {
    const u = await TestUser.register(t);
    const attempt = (password: string) => t.app.inject({ method: 'POST', url: authApi.login.fullPath, headers: { 'x-lang': 'zh' }, payload: { email: u.email, password } });
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong password')).json().ret.code).toBe(100406);
    const locked = await attempt(u.password);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().ret).toEqual({ code: 205524998, msg: '登录失败次数过多，请稍后再试' });
    t.clock.advance(15 * 60_000 + 1);
    expect((await attempt(u.password)).statusCode).toBe(200);
    const failures = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.signInFailed'));
    expect(failures.length).toBeGreaterThanOrEqual(5);
  });
});

describe('session lifetime', () => {
  it('refuses calls without a session as accessToken invalid, in the status text too', async () => {
    const res = await t.app.inject({ url: teamApi.teamList.fullPath });
    expect(res.statusCode).toBe(401);
    expect(res.json().ret.code).toBe(100401);
    expect(res.raw.res.statusMessage).toContain('accessToken invalid');
  });

  it('refreshes between the nominal and the real expiry, and not after', async () => {
    const u = await TestUser.register(t);
    expect((await u.call(teamApi.teamList)).statusCode).toBe(200);
    t.clock.advance(HOUR);
    expect((await u.call(teamApi.teamList)).statusCode).toBe(401);
    // User info still answers in the window, so the console can decide to refresh.
    expect((await u.call(authApi.userInfo)).json().accountStatus).toBe(1);
    const refreshed = await u.call(authApi.refresh);
    expect(refreshed.statusCode).toBe(200);
    const info = JSON.parse(u.cookies.get('agc_developer_userinfo')!);
    expect(info.expiretime).toBe(t.clock.now().getTime() + HOUR);
    expect((await u.call(teamApi.teamList)).statusCode).toBe(200);
    t.clock.advance(11 * HOUR);
    expect((await u.call(authApi.refresh)).statusCode).toBe(401);
    expect((await u.call(authApi.userInfo)).statusCode).toBe(401);
  });

  it('never renews past the real expiry', async () => {
    const u = await TestUser.register(t);
    t.clock.advance(11.5 * HOUR);
    const res = await u.call(authApi.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.json().userInfo.expiretime).toBe(res.json().userInfo.expiretime_real);
  });

  it('revokes the session on sign-out and clears the cookies', async () => {
    const u = await TestUser.register(t);
    const session = u.cookies.get('wharf_session')!;
    const res = await u.call(authApi.logout);
    expect(res.statusCode).toBe(200);
    expect(u.cookies.has('wharf_session')).toBe(false);
    expect(u.cookies.has('agc_developer_userinfo')).toBe(false);
    u.cookies.set('wharf_session', session);
    expect((await u.call(teamApi.teamList)).statusCode).toBe(401);
    const events = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.signOut'));
    expect(events.some((e) => e.actorId === u.userId)).toBe(true);
  });
});

describe('CSRF', () => {
  it('requires the header on state-changing calls, not on reads', async () => {
    const u = await TestUser.register(t);
    expect((await u.call(teamApi.teamList, { csrf: null })).statusCode).toBe(200);
    const missing = await u.call(teamApi.createMainUser, { csrf: null, body: { name: 'Acme' } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().ret.code).toBe(100402);
    const wrong = await u.call(teamApi.createMainUser, { csrf: 'x'.repeat(32), body: { name: 'Acme' } });
    expect(wrong.statusCode).toBe(403);
    expect((await u.call(teamApi.createMainUser, { body: { name: 'Acme' } })).statusCode).toBe(200);
  });

  it('uses the configured header name', async () => {
    const other = await createTestApp({ env: { CSRF_HEADER_NAME: 'X-Wharf-Guard' } });
    const u = await TestUser.register(other);
    expect((await u.call(teamApi.createMainUser, { body: { name: 'Acme' } })).statusCode).toBe(200);
    const viaDefault = await u.call(teamApi.createMainUser, { csrf: null, headers: { 'X-CSRF-Token': u.csrf }, body: { name: 'Acme 2' } });
    expect(viaDefault.statusCode).toBe(403);
    await other.close();
  });
});

describe('password reset', () => {
  it('mails a one-time link, sets the new password and makes old sessions sign in again', async () => {
    const u = await TestUser.register(t);
    t.clock.advance(1000);
    const res = await t.app.inject({ method: 'POST', url: authApi.requestPasswordReset.fullPath, payload: { email: u.email, language: 'ru' } });
    expect(res.statusCode).toBe(200);
    const mail = (await t.deps.database.executeSql(`select * from mail_outbox where "to" = $1 and kind = 'password-reset'`, [u.email])).rows[0] as { text: string; subject: string };
    expect(mail.subject).toContain('сброс пароля');
    const token = /#\/password\/reset\?token=([\w-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toContain('/ru/#/password/reset');
    const reset = await t.app.inject({ method: 'POST', url: authApi.resetPassword.fullPath, payload: { token, password: 'brand new password' } });
    expect(reset.statusCode).toBe(200);
    expect((await u.call(teamApi.teamList)).statusCode).toBe(401);
    expect((await u.call(authApi.userInfo)).json().accountStatus).toBe(6);
    expect((await u.call(authApi.refresh)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: authApi.resetPassword.fullPath, payload: { token, password: 'another new one' } });
    expect(again.statusCode).toBe(400);
    t.clock.advance(1000);
    const fresh = new TestUser(t, u.email, 'brand new password');
    expect((await fresh.login()).statusCode).toBe(200);
    expect((await fresh.call(teamApi.teamList)).statusCode).toBe(200);
  });

  it('answers success for an unknown email and sends nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: authApi.requestPasswordReset.fullPath, payload: { email: 'ghost@example.com' } });
    expect(res.statusCode).toBe(200);
    const rows = (await t.deps.database.executeSql(`select * from mail_outbox where "to" = 'ghost@example.com'`, [])).rows;
    expect(rows).toEqual([]);
  });
});

describe('canary and limits', () => {
  it('gives users in the canary share the x-hd-grey cookie and greyFlag', async () => {
    const other = await createTestApp({ env: { CANARY_PERCENT: '100' } });
    const u = await TestUser.register(other);
    expect(u.cookies.get('x-hd-grey')).toBe('1');
    expect((await u.call(authApi.userInfo)).json().greyFlag).toBe(true);
    await other.close();
    const v = await TestUser.register(t);
    expect(v.cookies.has('x-hd-grey')).toBe(false);
  });

  it('rate limits with 429 and Retry-After', async () => {
    const other = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await other.app.inject({ url: '/agc/edge/console/v1/config' });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(last!.json().ret.code).toBe(100429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    await other.close();
  });
});
