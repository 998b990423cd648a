import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, appUsersApi, projectApi, RET_CODES, type AppUser } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appHeaders, textedCode } from '../../../platform/__tests__/matrix/builders/app-users';

const HIGH = { limit: 100_000, windowMs: 3_600_000 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMITS: JSON.stringify({ signIn: HIGH, anonymousSignUp: HIGH, verificationCode: HIGH, smsPerNumber: { limit: 4, windowMs: 3_600_000 }, smsPerProject: { limit: 12, windowMs: 86_400_000 } }) },
  });
});
afterAll(() => t.close());

type Session = { user: AppUser; accessToken: string; refreshToken: string };
let n = 0;
async function projectWithPhone(u: TestUser, countries = ['DE', 'RU']) {
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Phone ${(n += 1)}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Field Notes ${n}`, packageName: `com.wharf.phone${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: false, phone: true } });
  await u.call(appUsersApi.setPhonePolicy, { query: { projectId }, body: { countries } });
  return { projectId, headers: { ...(await appHeaders(u, app.appId)), 'content-type': 'application/json' }, name: `Field Notes ${n}` };
}
const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
const verdict = (res: { statusCode: number; json(): { ret: { code: number } } }) => [res.statusCode, res.json().ret.code];
const texts = async (to: string) => (await t.deps.database.executeSql(`select text, country, kind, scope_id from sms_outbox where "to" = $1 order by created_at, id`, [to])).rows as Array<{ text: string; country: string; kind: string; scope_id: string }>;
const lastCode = (to: string) => textedCode({ t }, to);

describe('signing in with a phone number', () => {
  it('texts a code in the app’s language; the code signs up a new user, and the next one signs the same user in', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers, name } = await projectWithPhone(u);
    const sent = await post(appUsersApi.sendPhoneCode.fullPath, { ...headers, 'x-lang': 'ru' }, { phone: '+49 151 2345 6701' });
    expect(sent.json()).toMatchObject({ expiresIn: 600 });
    const [text] = await texts('+4915123456701');
    expect(text).toMatchObject({ country: 'DE', kind: 'app-user-phone-code', scope_id: projectId });
    expect(text!.text).toMatch(new RegExp(`^\\d{6} — ваш код для «${name}»`));
    const first = (await post(appUsersApi.signInWithPhone.fullPath, headers, { phone: '+4915123456701', code: await lastCode('+4915123456701') })).json() as Session;
    expect(first.user).toMatchObject({ phone: '+4915123456701', anonymous: false, email: null, providers: ['phone'] });
    t.clock.advance(1000);
    await post(appUsersApi.sendPhoneCode.fullPath, headers, { phone: '+4915123456701' });
    const again = (await post(appUsersApi.signInWithPhone.fullPath, headers, { phone: '+49 (151) 2345-6701', code: await lastCode('+4915123456701') })).json() as Session;
    expect(again.user.appUserId).toBe(first.user.appUserId);
  });

  it('links a number to an anonymous user, keeping their ID; a number of another user is refused', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithPhone(u);
    const anonymous = (await post(appUsersApi.signInAnonymously.fullPath, headers, {})).json() as Session;
    const bearer = { ...headers, authorization: `Bearer ${anonymous.accessToken}` };
    await post(appUsersApi.sendPhoneCode.fullPath, headers, { phone: '+79161234502' });
    const linked = (await post(appUsersApi.linkPhone.fullPath, bearer, { phone: '+79161234502', code: await lastCode('+79161234502') })).json() as Session;
    expect(linked.user).toMatchObject({ appUserId: anonymous.user.appUserId, anonymous: false, phone: '+79161234502', providers: ['phone'] });
    const other = (await post(appUsersApi.signInAnonymously.fullPath, headers, {})).json() as Session;
    t.clock.advance(1000); // texts are read newest first
    await post(appUsersApi.sendPhoneCode.fullPath, headers, { phone: '+79161234502' });
    const taken = await post(appUsersApi.linkPhone.fullPath, { ...headers, authorization: `Bearer ${other.accessToken}` }, { phone: '+79161234502', code: await lastCode('+79161234502') });
    expect(verdict(taken)).toEqual([409, RET_CODES.conflict.code]);
  });

  it('refuses: the method off, a number that is not one, a country the project does not text, a wrong code five times, an old code', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectWithPhone(u, ['DE']);
    const us = await post(appUsersApi.sendPhoneCode.fullPath, headers, { phone: '+1 202 555 0143' });
    expect(verdict(us)).toEqual([403, RET_CODES.forbidden.code]);
    expect(us.json().ret.msg).toBe('This project does not text numbers of US');
    expect(verdict(await post(appUsersApi.sendPhoneCode.fullPath, headers, { phone: '+49 12' }))).toEqual([400, RET_CODES.invalidInput.code]);
    expect(await texts('+12025550143')).toEqual([]);

    await post(appUsersApi.sendPhoneCode.fullPath, headers, { phone: '+4915123456703' });
    const code = await lastCode('+4915123456703');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect(verdict(await post(appUsersApi.signInWithPhone.fullPath, headers, { phone: '+4915123456703', code: wrong }))).toEqual([400, RET_CODES.invalidInput.code]);
    expect(verdict(await post(appUsersApi.signInWithPhone.fullPath, headers, { phone: '+4915123456703', code }))).toEqual([400, RET_CODES.invalidInput.code]);
    // A new code replaces the last; the ten minutes run out.
    t.clock.advance(1000);
    await post(appUsersApi.sendPhoneCode.fullPath, headers, { phone: '+4915123456703' });
    const fresh = await lastCode('+4915123456703');
    t.clock.advance(10 * 60_000 + 1);
    expect(verdict(await post(appUsersApi.signInWithPhone.fullPath, headers, { phone: '+4915123456703', code: fresh }))).toEqual([400, RET_CODES.invalidInput.code]);

    await u.login();
    await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: false, phone: false } });
    const off = await post(appUsersApi.sendPhoneCode.fullPath, headers, { phone: '+4915123456703' });
    expect(off.json().ret.msg).toBe('Sign-in with a phone number is not turned on for this project');
  });

  it('caps texts per number and per project, and the console sees them per day and per country', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectWithPhone(u);
    const send = (phone: string) => post(appUsersApi.sendPhoneCode.fullPath, headers, { phone });
    for (let i = 0; i < 4; i += 1) expect((await send('+4915123456704')).statusCode).toBe(200);
    const fifth = await send('+4915123456704');
    expect(verdict(fifth)).toEqual([429, RET_CODES.rateLimited.code]);
    expect(fifth.json().ret.msg).toBe('Too many codes were sent to this number; try again later');
    for (let i = 0; i < 8; i += 1) await send(`+791612345${10 + i}`);
    const capped = await send('+79161234599');
    expect(capped.json().ret.msg).toContain("sent as many texts today as it allows");

    const usage = (await u.call(appUsersApi.smsUsage, { query: { projectId, days: 7 } })).json();
    expect(usage.total).toBe(12);
    expect(usage.days).toHaveLength(7);
    expect(usage.days.at(-1)).toEqual({ day: t.clock.now().toISOString().slice(0, 10), count: 12 });
    expect(usage.countries).toEqual([{ country: 'RU', count: 8 }, { country: 'DE', count: 4 }]);
  });
});

describe('unlinking a way to sign in', () => {
  it('takes an email or a number off the user, but never the last way', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectWithPhone(u);
    await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: true, phone: true } });
    const s = (await post(appUsersApi.signUpWithEmail.fullPath, headers, { email: 'two.ways@example.com', password: 'two ways here' })).json() as Session;
    const bearer = { ...headers, authorization: `Bearer ${s.accessToken}` };
    await post(appUsersApi.sendPhoneCode.fullPath, headers, { phone: '+4915123456710' });
    const linked = (await post(appUsersApi.linkPhone.fullPath, bearer, { phone: '+4915123456710', code: await lastCode('+4915123456710') })).json() as Session;
    expect(linked.user.providers).toEqual(['email', 'phone']);
    const asNow = { ...headers, authorization: `Bearer ${linked.accessToken}` };

    const unlinked = await post(appUsersApi.unlinkAppUserMethod.fullPath, asNow, { provider: 'email' });
    expect(unlinked.json().user).toMatchObject({ email: null, phone: '+4915123456710', providers: ['phone'] });
    expect(verdict(await post(appUsersApi.signInWithEmail.fullPath, headers, { email: 'two.ways@example.com', password: 'two ways here' }))).toEqual([400, RET_CODES.credentialsInvalid.code]);
    const last = await post(appUsersApi.unlinkAppUserMethod.fullPath, asNow, { provider: 'phone' });
    expect(verdict(last)).toEqual([409, RET_CODES.conflict.code]);
    expect(last.json().ret.msg).toBe("This is the user's only way to sign in; it cannot be removed");
    expect(verdict(await post(appUsersApi.unlinkAppUserMethod.fullPath, asNow, { provider: 'company-sso' }))).toEqual([404, RET_CODES.notFound.code]);
    expect((await t.app.inject({ method: 'GET', url: appUsersApi.currentAppUser.fullPath, headers: asNow })).json().user.providers).toEqual(['phone']);
  });
});
