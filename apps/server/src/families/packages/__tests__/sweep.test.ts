import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageApi } from '@wharf/contract';
import { createTestApp, sampleBytes, TestUser, type TestApp } from '../../../harness';
import { FAILED_PACKAGE_KEEP_MS, scheduleFailedSweep } from '../sweep';
import { newApp, newProject, uploadFile } from './helpers';

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
