import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi, type ReportTemplateInput } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { makeOneExport, runReports } from '../report-worker';
import { AnalyticsSettingsStore } from '../settings';
import { appOf, event, fold, overview, send } from './helpers';

let t: TestApp;
let u: TestUser;
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(Date.UTC(2026, 10, 21, 4, 0));
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const run = () => runReports(t.deps, new AnalyticsSettingsStore(t.deps));
const byDay: ReportTemplateInput = { name: 'Daily', definition: { dimension: 'day', metrics: ['newUsers', 'activeUsers', 'sessions', 'averageSessionSeconds', 'events'], events: ['purchase'] }, rangeDays: 7, format: 'csv', schedule: 'off', shared: false };

async function exportOf(who: TestUser, appId: string, body: object) {
  const res = await who.call(analyticsApi.createAnalyticsExport, { query: { appId }, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().export as { exportId: string; state: string; progress: number };
}

async function download(who: TestUser, appId: string, exportId: string) {
  return who.call(analyticsApi.downloadAnalyticsExport, { query: { appId, exportId } });
}

/** Two days of use: sessions, purchases (one with a formula for a coupon) and two versions. */
async function seeded() {
  const { appId, headers } = await appOf(u);
  const at = (daysAgo: number) => ({ at: t.clock.now().getTime() - daysAgo * DAY });
  await send(t, headers, 'device-a', { context: { appVersion: '1.0', country: 'RU' }, events: [event(t, 'first_open', at(1)), event(t, 'session_start', at(1)), event(t, 'purchase', { ...at(1), coupon: '=HYPERLINK("http://evil")' }), event(t, 'session_end', { ...at(1), value: 40 })] });
  await send(t, headers, 'device-b', { context: { appVersion: '2.0', country: 'CN' }, events: [event(t, 'first_open', at(0)), event(t, 'session_start', at(0)), event(t, 'purchase', { ...at(0), coupon: 'SPRING' }), event(t, 'session_end', { ...at(0), value: 20 })] });
  await send(t, headers, 'device-a', { context: { appVersion: '2.0', country: 'RU' }, events: [event(t, 'session_start', at(0)), event(t, 'purchase', at(0))] });
  await fold(t);
  return appId;
}

describe('report templates', () => {
  it('keeps private templates to their owner, shows shared ones to the team, and lets only the owner or an app manager change them', async () => {
    const { holder, member } = await teamWithMember(t, ['operations']);
    const { appId } = await appOf(holder);
    const mine = (await holder.call(analyticsApi.createReportTemplate, { query: { appId }, body: byDay })).json().template;
    const shared = (await holder.call(analyticsApi.createReportTemplate, { query: { appId }, body: { ...byDay, name: 'Team', shared: true } })).json().template;
    expect(mine).toMatchObject({ name: 'Daily', ownerName: 'Holder', mine: true, nextRunAt: null });

    const seen = (await member.call(analyticsApi.listReportTemplates, { query: { appId } })).json().templates;
    expect(seen.map((x: { name: string; mine: boolean }) => [x.name, x.mine])).toEqual([['Team', false]]);
    const edit = await member.call(analyticsApi.updateReportTemplate, { query: { appId, templateId: shared.templateId }, body: { ...byDay, name: 'Mine now', shared: true } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().ret.msg).toMatch(/owner/);
    expect((await member.call(analyticsApi.deleteReportTemplate, { query: { appId, templateId: mine.templateId } })).statusCode).toBe(404);
    expect((await member.call(analyticsApi.createAnalyticsExport, { query: { appId }, body: { templateId: mine.templateId, from: '2026-11-20', to: '2026-11-21', format: 'csv' } })).statusCode).toBe(404);

    const renamed = await holder.call(analyticsApi.updateReportTemplate, { query: { appId, templateId: shared.templateId }, body: { ...byDay, name: 'Team weekly', shared: true, schedule: 'weekly' } });
    expect(renamed.json().template).toMatchObject({ name: 'Team weekly', schedule: 'weekly', nextRunAt: '2026-11-22T22:00:00.000Z' });
    expect((await holder.call(analyticsApi.deleteReportTemplate, { query: { appId, templateId: mine.templateId } })).statusCode).toBe(200);
    expect((await holder.call(analyticsApi.listReportTemplates, { query: { appId } })).json().templates).toHaveLength(1);
  });

  it('refuses a template without columns, a property split without its property, and a raw-event split longer than retention', async () => {
    const { appId } = await appOf(u);
    const bad = async (body: object) => (await u.call(analyticsApi.createReportTemplate, { query: { appId }, body: { ...byDay, ...body } })).json();
    expect(await bad({ definition: { dimension: 'day', metrics: [], events: [] } })).toMatchObject({ ret: { msg: expect.stringMatching(/metric|event/i) } });
    expect((await bad({ definition: { dimension: 'property', metrics: ['events'], events: [] } })).ret.msg).toMatch(/property/i);
    await u.call(analyticsApi.saveAnalyticsSettings, { query: { appId }, body: { timeZone: 'Asia/Shanghai', retentionDays: 30 } });
    expect((await bad({ rangeDays: 90, definition: { dimension: 'country', metrics: ['activeUsers'], events: [] } })).ret.msg).toMatch(/raw events.*30 days/);
  });
});

describe('exports', () => {
  it('makes a CSV of the days with the dashboard’s numbers, shows its progress, and downloads it', async () => {
    const appId = await seeded();
    const queued = await exportOf(u, appId, { name: 'Daily', definition: byDay.definition, from: '2026-11-19', to: '2026-11-21', format: 'csv' });
    expect(queued).toMatchObject({ state: 'queued', progress: 0 });
    expect((await download(u, appId, queued.exportId)).statusCode).toBe(409);
    expect(await run()).toBe(1);
    const [done] = (await u.call(analyticsApi.listAnalyticsExports, { query: { appId } })).json().exports;
    expect(done).toMatchObject({ exportId: queued.exportId, state: 'done', progress: 100, rows: 3 });

    const file = await download(u, appId, queued.exportId);
    expect(file.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Daily%202026-11-19_2026-11-21.csv`);
    expect(file.body.charCodeAt(0)).toBe(0xfeff);
    const o = await overview(u, appId, '2026-11-19', '2026-11-21');
    const lines = file.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Day,New users,Active users,Sessions,Average session (seconds),Events,purchase');
    expect(lines.slice(1)).toEqual(o.days.map((d: { day: string; newUsers: number; activeUsers: number; sessions: number; averageSessionSeconds: number; events: number }) => `"${d.day}",${d.newUsers},${d.activeUsers},${d.sessions},${d.averageSessionSeconds},${d.events},${d.day === '2026-11-19' ? 0 : d.day === '2026-11-20' ? 1 : 2}`));
    // A date holds '-', which the specification's CSV rule quotes.
    expect(lines[3]).toBe('"2026-11-21",1,2,2,20,6,2');

    const stranger = await TestUser.register(t);
    expect((await download(stranger, appId, queued.exportId)).statusCode).toBe(404);
  });

  it('splits by a property, escaping a value that starts a formula, in CSV and XLSX alike', async () => {
    const appId = await seeded();
    const definition = { dimension: 'property', property: 'coupon', metrics: ['activeUsers'], events: ['purchase'] };
    const csv = await exportOf(u, appId, { name: 'Coupons', definition, from: '2026-11-20', to: '2026-11-21', format: 'csv' });
    const xlsx = await exportOf(u, appId, { name: 'Coupons', definition, from: '2026-11-20', to: '2026-11-21', format: 'xlsx' });
    expect(await run()).toBe(2);
    const lines = (await download(u, appId, csv.exportId)).body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('coupon,Active users,purchase');
    expect(lines).toContain('"=HYPERLINK(""http://evil"")",1,1');
    expect(lines).toContain('SPRING,1,1');
    expect(lines).toContain(',2,1');

    const res = await download(u, appId, xlsx.exportId);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(cells[0]).toEqual(['coupon', 'Active users', 'purchase']);
    expect(cells).toContainEqual(['"\t=HYPERLINK(""http://evil"")"', 1, 1]);
  });

  it('refuses a raw-event split before the retained days, and a range the wrong way round', async () => {
    const { appId } = await appOf(u);
    const bad = async (body: object) => (await u.call(analyticsApi.createAnalyticsExport, { query: { appId }, body: { name: 'X', definition: { dimension: 'os', metrics: ['events'], events: [] }, format: 'csv', ...body } })).json().ret.msg;
    expect(await bad({ from: '2024-01-01', to: '2024-01-31' })).toMatch(/from 2025-11-22 on/);
    expect(await bad({ from: '2026-11-21', to: '2026-11-01' })).toMatch(/date range/);
    expect((await u.call(analyticsApi.createAnalyticsExport, { query: { appId }, body: { from: '2026-11-01', to: '2026-11-02', format: 'csv' } })).json().ret.msg).toMatch(/template/);
  });

  it('takes over an export whose worker went quiet, and gives up after three tries with a reason', async () => {
    const { appId } = await appOf(u);
    const e = await exportOf(u, appId, { name: 'Quiet', definition: byDay.definition, from: '2026-11-20', to: '2026-11-21', format: 'csv' });
    await t.deps.database.executeSql(`update analytics_exports set state = 'running', heartbeat_at = $2, attempts = 1 where id = $1`, [e.exportId, new Date(t.clock.now().getTime() - 60_000)]);
    expect(await makeOneExport(t.deps)).toBe(false);
    t.clock.advance(120_000);
    expect(await makeOneExport(t.deps)).toBe(true);
    expect((await u.call(analyticsApi.listAnalyticsExports, { query: { appId } })).json().exports[0]).toMatchObject({ state: 'done' });

    const broken = await exportOf(u, appId, { name: 'Broken', definition: byDay.definition, from: '2026-11-20', to: '2026-11-21', format: 'csv' });
    // The store refusing the file (a full disk, S3 down) fails the try; the export waits for the next.
    const full = { ...t.deps, storage: { ...t.deps.storage, put: () => Promise.reject(new Error('no space left on device')) } };
    for (let i = 0; i < 2; i += 1) await makeOneExport(full);
    expect((await u.call(analyticsApi.listAnalyticsExports, { query: { appId } })).json().exports[0]).toMatchObject({ exportId: broken.exportId, state: 'queued', progress: 0 });
    await makeOneExport(full);
    const failed = (await u.call(analyticsApi.listAnalyticsExports, { query: { appId } })).json().exports.find((x: { exportId: string }) => x.exportId === broken.exportId);
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringMatching(/try again/) });
  });
});

describe('scheduled reports', () => {
  it('makes the export at 06:00 in the reporting time zone, mails its owner a link, and sets the next run', async () => {
    const appId = await seeded();
    const made = (await u.call(analyticsApi.createReportTemplate, { query: { appId }, body: { ...byDay, name: 'Morning', schedule: 'daily' } })).json().template;
    // 12:00 in Shanghai now: the next 06:00 there is tomorrow's, 22:00 UTC today.
    expect(made.nextRunAt).toBe('2026-11-21T22:00:00.000Z');
    expect(await run()).toBe(0);
    t.clock.set(Date.UTC(2026, 10, 21, 22, 0));
    expect(await run()).toBe(1);
    await u.login();
    const [e] = (await u.call(analyticsApi.listAnalyticsExports, { query: { appId } })).json().exports;
    expect(e).toMatchObject({ scheduled: true, state: 'done', from: '2026-11-15', to: '2026-11-21', templateId: made.templateId });
    const mail = (await t.deps.database.executeSql(`select subject, text from mail_outbox where "to" = $1 and kind = 'analytics-report'`, [u.email])).rows as Array<{ subject: string; text: string }>;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/Morning.*2026-11-15/);
    expect(mail[0]!.text).toContain(`#/apps/${appId}/analytics?tab=reports`);
    const [again] = (await u.call(analyticsApi.listReportTemplates, { query: { appId } })).json().templates;
    expect(again.nextRunAt).toBe('2026-11-22T22:00:00.000Z');
    t.clock.set(Date.UTC(2026, 10, 21, 4, 0));
  });
});
