import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, appUsersApi, projectApi, RET_CODES, type AppUser } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appHeaders, mailedCode } from '../../../platform/__tests__/matrix/builders/app-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function appWithAuth(u: TestUser) {
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Mail ${(n += 1)}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Field Notes ${n}`, packageName: `com.wharf.mail${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: true } });
  return { projectId, headers: await appHeaders(u, app.appId), name: `Field Notes ${n}` };
}

type Session = { user: AppUser; accessToken: string; refreshToken: string };
const post = (headers: Record<string, string>, url: string, payload: object = {}, token?: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload });
const verdict = (res: { statusCode: number; json(): { ret: { code: number } } }) => [res.statusCode, res.json().ret.code];
const mails = async (to: string) => (await t.deps.database.executeSql(`select subject, text, kind from mail_outbox where "to" = $1 order by created_at, id`, [to])).rows as Array<{ subject: string; text: string; kind: string }>;

describe("an app user's email", () => {
  it('is verified with the code mailed at sign-up, in the language the app asks for; a wrong code is refused and counted', async () => {
    const u = await TestUser.register(t);
    const { headers, name } = await appWithAuth(u);
    const s = (await post({ ...headers, 'x-lang': 'ru' }, appUsersApi.signUpWithEmail.fullPath, { email: 'vera@example.com', password: 'long enough' })).json() as Session;
    const [mail] = await mails('vera@example.com');
    expect(mail).toMatchObject({ kind: 'app-user-verify', subject: `${name}: подтвердите почту` });
    const code = await mailedCode({ t }, 'vera@example.com', 'app-user-verify');

    const wrong = await post(headers, appUsersApi.verifyEmail.fullPath, { code: code === '000000' ? '111111' : '000000' }, s.accessToken);
    expect(verdict(wrong)).toEqual([400, RET_CODES.invalidInput.code]);
    const ok = await post(headers, appUsersApi.verifyEmail.fullPath, { code }, s.accessToken);
    expect(ok.json().user).toMatchObject({ email: 'vera@example.com', emailVerified: true });
    // Spent: the same code again is refused; and a verified email needs no new code.
    expect(verdict(await post(headers, appUsersApi.verifyEmail.fullPath, { code }, s.accessToken))).toEqual([400, RET_CODES.invalidInput.code]);
    expect(verdict(await post(headers, appUsersApi.sendEmailVerification.fullPath, {}, s.accessToken))).toEqual([409, RET_CODES.conflict.code]);
  });

  it('stops a code after five wrong tries, and a new code replaces the old one', async () => {
    const u = await TestUser.register(t);
    const { headers } = await appWithAuth(u);
    const s = (await post(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'five@example.com', password: 'long enough' })).json() as Session;
    const code = await mailedCode({ t }, 'five@example.com', 'app-user-verify');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) await post(headers, appUsersApi.verifyEmail.fullPath, { code: wrong }, s.accessToken);
    expect(verdict(await post(headers, appUsersApi.verifyEmail.fullPath, { code }, s.accessToken))).toEqual([400, RET_CODES.invalidInput.code]);
    t.clock.advance(1000); // the outbox is read newest first
    expect((await post(headers, appUsersApi.sendEmailVerification.fullPath, {}, s.accessToken)).statusCode).toBe(200);
    const fresh = await mailedCode({ t }, 'five@example.com', 'app-user-verify');
    expect((await post(headers, appUsersApi.verifyEmail.fullPath, { code: fresh }, s.accessToken)).json().user.emailVerified).toBe(true);
  });

  it('upgrades an anonymous user to email and password, keeping their user ID', async () => {
    const u = await TestUser.register(t);
    const { headers, projectId } = await appWithAuth(u);
    const anon = (await post(headers, appUsersApi.signInAnonymously.fullPath)).json() as Session;
    const linked = await post(headers, appUsersApi.linkEmail.fullPath, { email: 'kept@example.com', password: 'long enough' }, anon.accessToken);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().user).toMatchObject({ appUserId: anon.user.appUserId, anonymous: false, email: 'kept@example.com', providers: ['email'] });
    expect((await mails('kept@example.com')).map((m) => m.kind)).toEqual(['app-user-verify']);
    // Signing in with the email reaches the same user.
    const back = (await post(headers, appUsersApi.signInWithEmail.fullPath, { email: 'kept@example.com', password: 'long enough' })).json() as Session;
    expect(back.user.appUserId).toBe(anon.user.appUserId);
    // The old refresh token was replaced by the link's.
    expect(verdict(await post(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: anon.refreshToken }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    // A second link, or an email another user has, is refused.
    expect(verdict(await post(headers, appUsersApi.linkEmail.fullPath, { email: 'other@example.com', password: 'long enough' }, back.accessToken))).toEqual([409, RET_CODES.conflict.code]);
    const other = (await post(headers, appUsersApi.signInAnonymously.fullPath)).json() as Session;
    expect(verdict(await post(headers, appUsersApi.linkEmail.fullPath, { email: 'kept@example.com', password: 'long enough' }, other.accessToken))).toEqual([409, RET_CODES.conflict.code]);
    const list = (await u.call(appUsersApi.listAppUsers, { query: { projectId, pageSize: 10 } })).json().items as AppUser[];
    expect(list.find((x) => x.appUserId === anon.user.appUserId)?.providers).toEqual(['email']);
  });

  it('sets a new password with a mailed code, ending every session; unknown emails get the same answer and no mail', async () => {
    const u = await TestUser.register(t);
    const { headers } = await appWithAuth(u);
    const s = (await post(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'forgot@example.com', password: 'the old one' })).json() as Session;
    expect((await post(headers, appUsersApi.sendPasswordReset.fullPath, { email: 'forgot@example.com' })).statusCode).toBe(200);
    expect((await post(headers, appUsersApi.sendPasswordReset.fullPath, { email: 'ghost@example.com' })).statusCode).toBe(200);
    expect(await mails('ghost@example.com')).toEqual([]);
    const code = await mailedCode({ t }, 'forgot@example.com', 'app-user-reset');
    expect(verdict(await post(headers, appUsersApi.resetPassword.fullPath, { email: 'forgot@example.com', code: code === '000000' ? '999999' : '000000', password: 'the new one' }))).toEqual([400, RET_CODES.invalidInput.code]);
    expect((await post(headers, appUsersApi.resetPassword.fullPath, { email: 'forgot@example.com', code, password: 'the new one' })).statusCode).toBe(200);
    expect(verdict(await post(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: s.refreshToken }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    expect(verdict(await post(headers, appUsersApi.signInWithEmail.fullPath, { email: 'forgot@example.com', password: 'the old one' }))).toEqual([400, RET_CODES.credentialsInvalid.code]);
    expect((await post(headers, appUsersApi.signInWithEmail.fullPath, { email: 'forgot@example.com', password: 'the new one' })).json().user.emailVerified).toBe(true);
    // A code expires after half an hour.
    t.clock.advance(1000); // the outbox is read newest first
    await post(headers, appUsersApi.sendPasswordReset.fullPath, { email: 'forgot@example.com' });
    const late = await mailedCode({ t }, 'forgot@example.com', 'app-user-reset');
    t.clock.advance(31 * 60_000);
    expect(verdict(await post(headers, appUsersApi.resetPassword.fullPath, { email: 'forgot@example.com', code: late, password: 'too late now' }))).toEqual([400, RET_CODES.invalidInput.code]);
  });
});
