import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackApi } from '@wharf/contract';
import { TestUser, type TestApp, createTestApp } from '../../../harness';
import { newApp } from '../../../harness/scenarios';
import { teamWithMember } from '../../../harness/scenarios/team';
import { SCREENSHOT_PNG } from '../../../harness/sample-bytes';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function fresh() {
  const { holder, member } = await teamWithMember(t, ['customerService']);
  const { appId } = await newApp(holder);
  await member.whoAmI();
  await holder.whoAmI();
  return { holder, member, appId: appId as string, headers: await appHeaders(holder, appId) };
}
const device = (n = Math.random()) => ({ 'x-device-id': `device-${n}`, 'accept-language': 'ru-RU' });
const upload = (headers: Record<string, string>, bytes: Buffer, contentType = 'image/png') =>
  t.app.inject({ method: 'POST', url: feedbackApi.uploadFeedbackScreenshot.fullPath, query: { contentType }, headers: { ...headers, ...device(1), 'content-type': 'application/octet-stream' }, payload: bytes });
const send = (headers: Record<string, string>, body: object, extra: Record<string, string> = device()) => t.app.inject({ method: 'POST', url: feedbackApi.submitFeedback.fullPath, headers: { ...headers, ...extra }, payload: body });

describe('feedback from devices', () => {
  it('arrives with its screenshot, device facts and language, and shows in the inbox as new', async () => {
    const { holder, appId, headers } = await fresh();
    const shot = await upload(headers, SCREENSHOT_PNG);
    expect(shot.statusCode, shot.body).toBe(200);
    const { screenshotToken } = shot.json();
    const res = await send(headers, { text: 'Приложение падает при входе', category: 'bug', screenshotTokens: [screenshotToken], appVersion: '1.0.3', deviceModel: 'Pixel 8', os: 'Android 15', contact: 'anna@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await holder.call(feedbackApi.listFeedback, { query: { appId } })).json();
    expect(list.counts).toEqual({ new: 1, inProgress: 0, resolved: 0 });
    expect(list.items[0]).toMatchObject({ feedbackId: res.json().feedbackId, text: 'Приложение падает при входе', category: 'bug', state: 'new', appVersion: '1.0.3', deviceModel: 'Pixel 8', language: 'ru', country: 'RU', screenshots: 1, replyByMail: true, fromAppUser: false });
    const one = (await holder.call(feedbackApi.getFeedback, { query: { appId, feedbackId: res.json().feedbackId } })).json().feedback;
    expect(one.screenshotUrls).toHaveLength(1);
    const picture = await t.app.inject({ method: 'GET', url: one.screenshotUrls[0].replace(/^https?:\/\/[^/]+/, '') });
    expect(picture.statusCode).toBe(200);
    expect(Buffer.compare(picture.rawPayload, SCREENSHOT_PNG)).toBe(0);
    // A token is used once: the same screenshot cannot be attached again.
    expect((await send(headers, { text: 'again', screenshotTokens: [screenshotToken] })).statusCode).toBe(400);
  });

  it('refuses what is not an image, more than three screenshots, and a call without the app key', async () => {
    const { headers } = await fresh();
    expect((await upload(headers, Buffer.from('<html><script>alert(1)</script></html>'))).statusCode).toBe(400);
    const four = await send(headers, { text: 'x', screenshotTokens: Array.from({ length: 4 }, () => '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f') });
    expect(four.statusCode).toBe(400);
    expect(four.json().ret.msg).not.toMatch(/screenshotTokens\.\d|\[object/);
    expect((await send({}, { text: 'no key' })).statusCode).toBe(401);
  });

  it('limits a device: past its hourly share it hears 429', async () => {
    const { headers } = await fresh();
    const me = device(42);
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await send(headers, { text: `n${i}` }, me)).statusCode;
    expect(last).toBe(429);
  });
});

describe('the feedback inbox', () => {
  it('assigns to a member, notes, replies by mail through the outbox, resolves; every change audited', async () => {
    const { holder, member, appId, headers } = await fresh();
    const feedbackId = (await send(headers, { text: 'How do I export my notes?', category: 'question', contact: 'lee@example.com' }, { 'x-device-id': 'd', 'accept-language': 'en-GB' })).json().feedbackId;
    const assigned = await holder.call(feedbackApi.updateFeedback, { body: { appId, feedbackId, assigneeId: member.userId } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().feedback).toMatchObject({ assigneeId: member.userId, assigneeName: 'Member' });
    const mine = (await member.call(feedbackApi.listFeedback, { query: { appId, assignee: 'me' } })).json().items;
    expect(mine.map((x: { feedbackId: string }) => x.feedbackId)).toEqual([feedbackId]);
    expect((await member.call(feedbackApi.addFeedbackNote, { body: { appId, feedbackId, text: 'Export exists since 1.2' } })).statusCode).toBe(200);
    t.clock.advance(1000);
    const replied = await member.call(feedbackApi.replyFeedback, { body: { appId, feedbackId, text: 'Settings → Export, since version 1.2.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().feedback.state).toBe('inProgress');
    expect(replied.json().feedback.notes.map((n: { kind: string }) => n.kind)).toEqual(['note', 'reply']);
    const mail = (await t.deps.database.executeSql(`select subject, text from mail_outbox where "to" = 'lee@example.com' and kind = 'feedback-reply'`, [])).rows[0] as { subject: string; text: string };
    expect(mail.subject).toContain('a reply to your feedback');
    expect(mail.text).toContain('Settings → Export');
    expect(mail.text).toContain('> How do I export my notes?');
    const resolved = (await member.call(feedbackApi.updateFeedback, { body: { appId, feedbackId, state: 'resolved' } })).json().feedback;
    expect(resolved.resolvedAt).not.toBeNull();
    const { rows } = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 order by at, action`, [feedbackId]);
    expect(rows.map((r) => (r as { action: string }).action).sort()).toEqual(['feedback.note', 'feedback.receive', 'feedback.reply', 'feedback.update', 'feedback.update']);
  });

  it('refuses a reply without an email address and an assignee outside the team', async () => {
    const { holder, appId, headers } = await fresh();
    const feedbackId = (await send(headers, { text: 'Call me', contact: '+49 151 2345678' })).json().feedbackId;
    expect((await holder.call(feedbackApi.replyFeedback, { body: { appId, feedbackId, text: 'Hi' } })).statusCode).toBe(409);
    const stranger = await TestUser.register(t);
    await stranger.whoAmI();
    expect((await holder.call(feedbackApi.updateFeedback, { body: { appId, feedbackId, assigneeId: stranger.userId } })).statusCode).toBe(400);
  });

  it('exports CSV with a byte-order mark and formula-looking text escaped; filters by words', async () => {
    const { holder, appId, headers } = await fresh();
    await send(headers, { text: '=HYPERLINK("http://evil.example","click")', category: 'other' });
    await send(headers, { text: 'Dark mode please', category: 'suggestion' });
    const found = (await holder.call(feedbackApi.listFeedback, { query: { appId, q: 'dark' } })).json().items;
    expect(found.map((x: { text: string }) => x.text)).toEqual(['Dark mode please']);
    const csv = await holder.call(feedbackApi.exportFeedback, { query: { appId } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    // The specification's CSV rule: a field holding =, +, - or @ is always quoted.
    expect(csv.body).toContain(',"=HYPERLINK(""http://evil.example"",""click"")",');
    expect(csv.body).not.toMatch(/,=HYPERLINK/);
  });

  it("another team's member sees none of it", async () => {
    const { appId, headers } = await fresh();
    const feedbackId = (await send(headers, { text: 'secret' })).json().feedbackId;
    const other = await TestUser.register(t);
    expect((await other.call(feedbackApi.getFeedback, { query: { appId, feedbackId } })).statusCode).toBe(404);
    expect((await other.call(feedbackApi.listFeedback, { query: { appId } })).statusCode).toBe(404);
  });
});
