import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingsApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('reply templates', () => {
  it("are the team's: made, listed by name, renamed, deleted, each in the audit log", async () => {
    const u = await TestUser.register(t);
    const made = await u.call(ratingsApi.createReplyTemplate, { body: { name: 'Thanks', text: 'Thank you for the kind words!' } });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().template.templateId as string;
    await u.call(ratingsApi.createReplyTemplate, { body: { name: 'Crash', text: 'Sorry! Please update to the latest version.' } });
    expect((await u.call(ratingsApi.listReplyTemplates)).json().items.map((x: { name: string }) => x.name)).toEqual(['Crash', 'Thanks']);
    const changed = await u.call(ratingsApi.updateReplyTemplate, { params: { templateId: id }, body: { name: 'Thank you', text: 'Thanks a lot!' } });
    expect(changed.json().template).toMatchObject({ name: 'Thank you', text: 'Thanks a lot!' });
    expect((await u.call(ratingsApi.deleteReplyTemplate, { params: { templateId: id } })).statusCode).toBe(200);
    expect((await u.call(ratingsApi.listReplyTemplates)).json().items).toHaveLength(1);
    const { rows } = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 order by at, id`, [id]);
    expect(rows.map((r) => (r as { action: string }).action)).toEqual(['ratings.template.create', 'ratings.template.update', 'ratings.template.delete']);
  });

  it("refuses a name taken in the team, readably, and another team's template", async () => {
    const u = await TestUser.register(t);
    const other = await TestUser.register(t);
    await u.call(ratingsApi.createReplyTemplate, { body: { name: 'Thanks', text: 'Thank you!' } });
    const again = await u.call(ratingsApi.createReplyTemplate, { body: { name: 'Thanks', text: 'Again' }, headers: { 'x-lang': 'ru' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().ret.msg).toBe('У команды уже есть шаблон ответа «Thanks»');
    const crash = (await u.call(ratingsApi.createReplyTemplate, { body: { name: 'Crash', text: 'Sorry' } })).json().template.templateId as string;
    expect((await u.call(ratingsApi.updateReplyTemplate, { params: { templateId: crash }, body: { name: 'Thanks', text: 'x' } })).statusCode).toBe(409);
    // Another team has its own names, and cannot reach these.
    expect((await other.call(ratingsApi.createReplyTemplate, { body: { name: 'Thanks', text: 'Ours' } })).statusCode).toBe(200);
    expect((await other.call(ratingsApi.deleteReplyTemplate, { params: { templateId: crash } })).statusCode).toBe(404);
    expect((await other.call(ratingsApi.listReplyTemplates)).json().items.map((x: { text: string }) => x.text)).toEqual(['Ours']);
  });

  it('keeps at most 100 a team', async () => {
    const u = await TestUser.register(t);
    await t.deps.database.executeSql(
      `insert into review_reply_templates (team_id, name, text, created_at, updated_at) select $1, 'T' || i, 'text', now(), now() from generate_series(1, 100) i`,
      [u.teamId],
    );
    const refused = await u.call(ratingsApi.createReplyTemplate, { body: { name: 'One more', text: 'x' }, headers: { 'x-lang': 'en' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toBe('A team has at most 100 reply templates');
  });
});
