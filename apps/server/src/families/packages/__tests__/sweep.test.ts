import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageApi } from '@wharf/contract';
import { createTestApp, sampleBytes, TestUser, type TestApp } from '../../../harness';
import { buildApk } from '@wharf/parsers/test-kit';
import { AppsService } from '../../apps/public';
import { FilesService } from '../../files/public';
import { PackagesService } from '../service';
import { lostJobAfterMs } from '../../../platform/jobs';
import { FAILED_PACKAGE_KEEP_MS, scheduleFailedSweep } from '../sweep';
import { newApp, newProject, settledPackage, uploadFile } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;

/** A package row of the app in the given parse state, finished `ageMs` ago. */
async function packageOf(u: TestUser, appId: string, parseState: number, ageMs: number): Promise<string> {
  const fileId = await uploadFile(u, sampleBytes('zip', 2048), 'p.apk');
  const at = new Date(t.clock.now().getTime() - ageMs);
  const { rows } = await t.deps.database.executeSql(
    `insert into packages (team_id, app_id, file_id, file_name, size, sha256, kind, parse_state, package_name, version_code, created_by, created_at, parsed_at)
     select f.team_id, $1, f.id, f.file_name, f.size, f.sha256, 'apk', $2, a.package_name, 1, $3, $4, $4 from files f, apps a where f.id = $5 and a.id = $1 returning id`,
    [appId, parseState, u.userId, at, fileId],
  );
  return (rows[0] as { id: string }).id;
}

describe('failed packages', () => {
  it('are removed a week after they failed, by the platform and audited; parsed and recent failed ones stay', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u, await newProject(u), 'android', `com.wharf.sweep${process.pid}`);
    const old = await packageOf(u, app.appId, 2, FAILED_PACKAGE_KEEP_MS + DAY);
    const recent = await packageOf(u, app.appId, 2, DAY);
    const parsed = await packageOf(u, app.appId, 0, 30 * DAY);

    await scheduleFailedSweep(t.deps, t.deps.db, t.clock.now());
    await t.deps.dueActions.runDue();

    const list = (await u.call(packageApi.packageList, { query: { appId: app.appId, pageSize: 10 } })).json().items as Array<{ pkgId: string }>;
    expect(list.map((p) => p.pkgId).sort()).toEqual([recent, parsed].sort());
    const { rows } = await t.deps.database.executeSql(`select actor_kind, team_id from audit_events where action = 'package.delete' and target_id = $1`, [old]);
    expect(rows).toEqual([{ actor_kind: 'system', team_id: u.teamId }]);

    // The next sweep is an hour later; a week on, the recent one goes too.
    const { rows: pending } = await t.deps.database.executeSql(`select due_at from due_actions where kind = 'packages.sweepFailed' and state = 'pending'`);
    expect(pending).toHaveLength(1);
    t.clock.advance(FAILED_PACKAGE_KEEP_MS);
    await t.deps.dueActions.runDue();
    // (A week on, the session has ended: the rows are read directly.)
    const { rows: after } = await t.deps.database.executeSql(`select id from packages where app_id = $1`, [app.appId]);
    expect(after).toEqual([{ id: parsed }]);
  });
});

describe('packages left parsing (and claims left verifying) without their job', () => {
  /** The row an upload makes, without its job: as if the process died right after the insert. */
  async function withoutJob(app: TestApp, u: TestUser, appId: string, fileId: string, ageMs: number): Promise<string> {
    const { rows } = await app.deps.database.executeSql(
      `insert into packages (team_id, app_id, file_id, file_name, size, sha256, created_by, created_at)
       select team_id, $1, id, file_name, size, sha256, $2, $3 from files where id = $4 returning id`,
      [appId, u.userId, new Date(app.clock.now().getTime() - ageMs), fileId],
    );
    return (rows[0] as { id: string }).id;
  }

  it('get their job again from the sweep once no attempt of a sent one could still be running, and are parsed (claims left verifying are checked)', async () => {
    const jt = await createTestApp({ env: { WHARF_JOBS: 'on' } });
    try {
      const u = await TestUser.register(jt);
      const app = await newApp(u, await newProject(u), 'android', 'com.wharf.stranded');
      const apk = (versionCode: number) => buildApk({ manifest: { packageName: 'com.wharf.stranded', versionCode } });
      const stranded = await withoutJob(jt, u, app.appId, await uploadFile(u, apk(3), 'stranded.apk'), lostJobAfterMs(jt.config.jobExpireSeconds) + 60_000);
      const recent = await withoutJob(jt, u, app.appId, await uploadFile(u, apk(4), 'recent.apk'), lostJobAfterMs(jt.config.jobExpireSeconds) - 60_000);

      // A claim of another app's name whose check was never sent, with a file that is no package.
      const holder = await newApp(u, await newProject(u), 'android', 'com.wharf.held');
      const { rows: claimRows } = await jt.deps.database.executeSql(
        `insert into package_claims (team_id, app_id, platform, package_name, file_id, holder_team_id, holder_app_id, state, created_by, created_at)
         values ($1, $2, 'android', 'com.wharf.held', $3, $1, $4, 'verifying', $5, $6) returning id`,
        [u.teamId, app.appId, await uploadFile(u, sampleBytes('zip', 2048), 'claim.apk'), holder.appId, u.userId, new Date(jt.clock.now().getTime() - lostJobAfterMs(jt.config.jobExpireSeconds) - 60_000)],
      );
      const claimId = (claimRows[0] as { id: string }).id;

      await scheduleFailedSweep(jt.deps, jt.deps.db, jt.clock.now());
      await jt.deps.dueActions.runDue();
      expect(await settledPackage(u, app.appId, stranded)).toMatchObject({ parseState: 0, versionCode: 3 });
      await expect.poll(async () => ((await jt.deps.database.executeSql(`select state from package_claims where id = $1`, [claimId])).rows[0] as { state: string }).state, { timeout: 30_000 }).toBe('rejected');
      // A package this recent may still have its job queued or running: the sweep leaves it be.
      const { rows } = await jt.deps.database.executeSql(`select id from pgboss.job where name = 'package-parse' and data->>'pkgId' = $1`, [recent]);
      expect(rows).toEqual([]);
      expect((await u.call(packageApi.getPackage, { query: { appId: app.appId, pkgId: recent } })).json().package.parseState).toBe(1);
    } finally {
      await jt.close();
    }
  });

  it('count as left once twice the longest a sent job\'s attempts take has passed, and at least two hours', () => {
    expect(lostJobAfterMs(900)).toBe(2 * 3_600_000);
    expect(lostJobAfterMs(60)).toBe(2 * 3_600_000);
    expect(lostJobAfterMs(3_600)).toBe(8 * 3_600_000);
  });

  it('are parsed once when their job runs twice, and a job for a removed package ends quietly', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u, await newProject(u), 'android', 'com.wharf.twice');
    const fileId = await uploadFile(u, buildApk({ manifest: { packageName: 'com.wharf.twice', versionCode: 7 } }), 'twice.apk');
    const added = await u.call(packageApi.addPackage, { body: { appId: app.appId, objectId: fileId } });
    const pkgId = added.json().package.pkgId as string;
    // Workers are off here: the two runs are the job's and the one the sweep sent again.
    const s = new PackagesService(t.deps, new AppsService(t.deps), new FilesService(t.deps));
    await Promise.all([s.parseQueued(pkgId), s.parseQueued(pkgId)]);
    expect((await u.call(packageApi.getPackage, { query: { appId: app.appId, pkgId } })).json().package).toMatchObject({ parseState: 0, versionCode: 7 });
    const { rows } = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 and action in ('package.parsed', 'package.rejected')`, [pkgId]);
    expect(rows).toEqual([{ action: 'package.parsed' }]);

    expect((await u.call(packageApi.deletePackage, { query: { appId: app.appId, pkgId } })).statusCode).toBe(200);
    await expect(s.parseQueued(pkgId)).resolves.toBeUndefined();
  });
});
