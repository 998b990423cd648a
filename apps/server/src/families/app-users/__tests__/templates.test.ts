import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, appUsersApi, projectApi, RET_CODES, type AuthTemplate } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function project(u: TestUser) {
  const projectId = (await u.call(projectApi.createProject, { body: { name: 'Worded' } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: 'Worded Notes', packageName: `com.wharf.worded${process.pid}.a${Date.now()}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: false, email: true, phone: true } });
  await u.call(appUsersApi.setPhonePolicy, { query: { projectId }, body: { countries: ['DE'] } });
  return { projectId, headers: { ...(await appHeaders(u, app.appId)), 'content-type': 'application/json' } };
}
const lastMail = async (to: string) => (await t.deps.database.executeSql(`select subject, text from mail_outbox where "to" = $1 order by created_at desc, id desc limit 1`, [to])).rows[0] as { subject: string; text: string };
const lastText = async (to: string) => ((await t.deps.database.executeSql(`select text from sms_outbox where "to" = $1 order by created_at desc, id desc limit 1`, [to])).rows[0] as { text: string }).text;

describe("a project's own wording of Auth Service's messages", () => {
  it('replaces the default in its language only, with the app, the code and how long it is valid filled in; a reset brings the default back', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await project(u);
    const listed = (await u.call(appUsersApi.listAuthTemplates, { query: { projectId } })).json().templates as AuthTemplate[];
    expect(listed).toHaveLength(9);
    expect(listed.every((x) => !x.custom)).toBe(true);
    expect(listed.find((x) => x.kind === 'verifyEmail' && x.language === 'en')).toMatchObject({ subject: '{{app}}: verify your email' });

    const saved = await u.call(appUsersApi.setAuthTemplate, { params: { kind: 'verifyEmail', language: 'ru' }, query: { projectId }, body: { subject: 'Добро пожаловать в {{app}}', text: 'Ваш код: {{code}} (действует {{valid}}).' } });
    expect(saved.json().template).toMatchObject({ custom: true, subject: 'Добро пожаловать в {{app}}' });
    await t.app.inject({ method: 'POST', url: appUsersApi.signUpWithEmail.fullPath, headers: { ...headers, 'x-lang': 'ru' }, payload: { email: 'worded.ru@example.com', password: 'long enough' } });
    const ru = await lastMail('worded.ru@example.com');
    expect(ru.subject).toBe('Добро пожаловать в Worded Notes');
    expect(ru.text).toMatch(/^Ваш код: \d{6} \(действует 24 ч\.\)\.$/);
    await t.app.inject({ method: 'POST', url: appUsersApi.signUpWithEmail.fullPath, headers: { ...headers, 'x-lang': 'en' }, payload: { email: 'worded.en@example.com', password: 'long enough' } });
    expect((await lastMail('worded.en@example.com')).subject).toBe('Worded Notes: verify your email');

    await u.call(appUsersApi.setAuthTemplate, { params: { kind: 'phoneCode', language: 'en' }, query: { projectId }, body: { text: '{{app}}: {{code}}' } });
    await t.app.inject({ method: 'POST', url: appUsersApi.sendPhoneCode.fullPath, headers, payload: { phone: '+4915123456720' } });
    expect(await lastText('+4915123456720')).toMatch(/^Worded Notes: \d{6}$/);

    const reset = await u.call(appUsersApi.resetAuthTemplate, { params: { kind: 'verifyEmail', language: 'ru' }, query: { projectId } });
    expect(reset.json().template).toMatchObject({ custom: false, subject: '{{app}}: подтвердите почту' });
    await t.app.inject({ method: 'POST', url: appUsersApi.signUpWithEmail.fullPath, headers: { ...headers, 'x-lang': 'ru' }, payload: { email: 'worded.ru2@example.com', password: 'long enough' } });
    expect((await lastMail('worded.ru2@example.com')).subject).toBe('Worded Notes: подтвердите почту');
  });

  it('refuses a message without the code, a mail without a subject, and a text message too long for one', async () => {
    const u = await TestUser.register(t);
    const { projectId } = await project(u);
    const set = (kind: string, language: string, body: object) => u.call(appUsersApi.setAuthTemplate, { params: { kind, language }, query: { projectId }, body });
    const noCode = await set('resetPassword', 'en', { subject: 'Reset', text: 'Click the link' });
    expect([noCode.statusCode, noCode.json().errors[0].field]).toEqual([400, 'text']);
    expect((await set('resetPassword', 'en', { text: 'Code {{code}}' })).json().ret.msg).toBe('A mail needs a subject');
    expect((await set('phoneCode', 'en', { text: `{{code}} ${'x'.repeat(300)}` })).json().ret.code).toBe(RET_CODES.invalidInput.code);
    expect((await set('phoneCode', 'de', { text: '{{code}}' })).statusCode).toBe(400);
  });
});
