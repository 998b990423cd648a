import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, buildPath, versionApi } from '@wharf/contract';
import { createTestApp, type TestApp } from '../../../harness';
import { demoFamily } from '..';
import { describeWithRealBuilds, REAL_BUILDS_DIR } from '@wharf/parsers/test-kit';

const SAMPLES = REAL_BUILDS_DIR;

let t: TestApp;
beforeAll(async () => {
  // First seeded without the samples (a platform seeded before releases existed), then with them.
  t = await createTestApp({ env: { DEMO_PACKAGES_DIR: path.join(SAMPLES, 'missing') } });
});
afterAll(() => t.close());

const rows = async (sql: string, params: unknown[] = []) => (await t.deps.database.executeSql(sql, params)).rows as Array<Record<string, unknown>>;

describe('the demo releases', () => {
  it('are left out without the package samples', async () => {
    await demoFamily.onStart!(t.deps, () => undefined);
    expect(await rows('select id from app_versions')).toEqual([]);
    const demo = (await t.app.inject({ url: appApi.demoProject.fullPath })).json();
    const tipsy = demo.apps.find((a: { packageName: string }) => a.packageName === 'com.dhruv.tipsy');
    expect((await t.app.inject({ url: buildPath(versionApi.storeApp, { appId: tipsy.appId }) })).statusCode).toBe(404);
  });
});

// After the test above: the same platform starts again, now with the samples.
describeWithRealBuilds('the demo releases', () => {
  it('are added on a later start that has the package samples, once', async () => {
    (t.deps.config as { demoPackagesDir: string }).demoPackagesDir = SAMPLES;
    await demoFamily.onStart!(t.deps, () => undefined);
    await demoFamily.onStart!(t.deps, () => undefined);

    // Real packages: the bundle parsed with its facts, the debug HAP refused by the checks.
    const pkgs = await rows(`select package_name, version_code::int as code, version_name, parse_state, failure_code, sha256 from packages order by package_name`);
    expect(pkgs).toEqual([
      expect.objectContaining({ package_name: 'com.dhruv.tipsy', code: 1, version_name: '1.0', parse_state: 0, failure_code: null }),
      expect.objectContaining({ package_name: 'com.samples.arktscalc', code: 1000000, version_name: '1.0.0', parse_state: 2 }),
    ]);
    // Versions in several states; seeding twice made no more.
    const versions = await rows(
      `select a.package_name, v.release_state, v.release_type, v.superseded_at is not null as superseded, v.rejection, p.state as phase
         from app_versions v join apps a on a.id = v.app_id left join phased_releases p on p.version_id = v.id order by a.package_name, v.superseded_at is null, v.release_state`,
    );
    expect(versions.map((v) => [v.package_name, v.release_state, v.release_type, v.superseded, v.phase ?? null])).toEqual([
      ['com.dhruv.tipsy', 0, 'full', true, null],
      ['com.dhruv.tipsy', 0, 'phased', false, 'active'],
      ['com.dhruv.tipsy', 5, 'full', false, null],
      ['com.samples.arktscalc', 7, 'full', false, null],
    ]);
    // Every seeded version carries an age rating (needed to submit); updates took 1.0's.
    expect(await rows(`select distinct age_rating from app_versions`)).toEqual([{ age_rating: '3+' }]);
    const events = await rows(`select e.action, e.data from version_events e join app_versions v on v.id = e.version_id where v.release_state = 5 order by e.at, e.seq`);
    expect(events.map((e) => e.action)).toContain('reject');
    expect(events.find((e) => e.action === 'reject')?.data).toMatchObject({ reasons: ['weakBrief'], comment: 'Say in the brief that the app splits bills.' });
    expect(await rows(`select kind, state from review_tasks where state = 'open'`)).toEqual([{ kind: 'update', state: 'open' }]);

    // The store shows 1.0 (the phased build is not everyone's yet) in three languages, with images anyone can load.
    const demo2 = (await t.app.inject({ url: appApi.demoProject.fullPath })).json();
    const appId = demo2.apps.find((a: { packageName: string }) => a.packageName === 'com.dhruv.tipsy').appId;
    const store = (language: string) => t.app.inject({ url: buildPath(versionApi.storeApp, { appId }), query: { language } });
    const en = (await store('enUS')).json().app;
    expect(en).toMatchObject({ name: 'Tipsy', versionName: '1.0', versionCode: 1, languages: ['enUS', 'ruRU', 'zhCN'] });
    expect((await store('ruRU')).json().app.name).toBe('Чаевые');
    expect((await store('zhCN')).json().app.name).toBe('小费计算器');
    expect(en.screenshotUrls).toHaveLength(3);
    const shot = await t.app.inject({ url: en.screenshotUrls[0] });
    expect(shot.statusCode).toBe(200);
    expect(shot.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await t.app.inject({ url: en.iconUrl })).statusCode).toBe(200);
    // Two weeks of use, sent through App Analytics' ingestion by simulated devices: every
    // install is a first open there and a download of 1.0 in the store's counts.
    const [counted] = await rows(`select count(distinct day)::int as days, sum(count)::int as total from download_counts`);
    expect(counted!.days).toBe(14);
    expect(counted!.total as number).toBeGreaterThan(60);
    const [opened] = await rows(`select sum(count)::int as n, count(distinct day)::int as days from analytics_daily where app_id = $1 and name = 'first_open'`, [appId]);
    expect(opened).toEqual({ n: counted!.total, days: 14 });
    const [active] = await rows(`select count(distinct day)::int as days, count(distinct instance_id)::int as people from analytics_device_days where app_id = $1`, [appId]);
    expect(active).toEqual({ days: 14, people: counted!.total });
    const named = (await rows(`select distinct name from analytics_daily where app_id = $1 order by name`, [appId])).map((r) => r.name);
    expect(named).toEqual(['add_tip', 'first_open', 'screen_view', 'session_end', 'session_start', 'split_bill']);
    // The downloads reach App Analytics as the store's own counts, on the same days.
    await t.deps.events.drain();
    const [stored] = await rows(`select sum(count)::int as n, count(distinct day)::int as days from analytics_daily where app_id = $1 and name = '$download'`, [appId]);
    expect(stored).toEqual({ n: counted!.total, days: 14 });
    // People come back less as the days go by: more of a cohort on its first day than a week on.
    const [kept] = await rows(
      `select count(*) filter (where dd.day = d.first_day)::int as first, count(*) filter (where dd.day = d.first_day + 7)::int as week
         from analytics_devices d join analytics_device_days dd on dd.app_id = d.app_id and dd.instance_id = d.instance_id where d.app_id = $1`,
      [appId],
    );
    expect(kept!.week as number).toBeLessThan((kept!.first as number) / 2);
  });
});
