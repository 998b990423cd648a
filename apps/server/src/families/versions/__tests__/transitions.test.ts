import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { versionApi, type Endpoint } from '@wharf/contract';
import { RELEASE_STATES, transition, type DeveloperAction, type ReleaseState } from '@wharf/rules';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, completeVersion, newApp, openTaskOf, released, stateOf } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
// Tests move the clock past the operator's session.
beforeEach(async () => {
  await op.login();
});

const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);

/** Each developer action as the console calls it. */
const CALLS: Record<DeveloperAction, { endpoint: Endpoint; body?: Record<string, unknown>; query?: boolean }> = {
  edit: { endpoint: versionApi.updateVersion, body: { reviewNotes: 'edited' } },
  submit: { endpoint: versionApi.submitVersion },
  cancelOnShelf: { endpoint: versionApi.cancelOnShelf },
  urge: { endpoint: versionApi.urgeAudit },
  changeReleaseTime: { endpoint: versionApi.onShelfTime, body: { releaseAt: '2030-01-01T00:00:00Z' } },
  releaseNow: { endpoint: versionApi.onShelfTime, body: { now: true } },
  requestShelfOff: { endpoint: versionApi.shelfOff, body: { reason: 'Retiring it' } },
  cancelShelfOff: { endpoint: versionApi.cancelShelfOff },
  requestRollback: { endpoint: versionApi.rollback, body: { reason: 'Crashes on start' } },
  cancelRollback: { endpoint: versionApi.rollbackCancel, query: true },
  // Last: an allowed delete removes the version.
  delete: { endpoint: versionApi.deleteVersion, query: true },
};

const CASES: Array<[string, ReleaseState, boolean]> = [...RELEASE_STATES.map((s) => [String(s), s, false] as [string, ReleaseState, boolean]), ['0 with a rollback under review', 0, true]];

describe('every developer action from every state', () => {
  it.each(CASES)('from %s: allowed actions succeed, the others are refused naming the state', async (_label, state, rollbackPending) => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = await completeVersion(t, u, appId, 10);
    // A version that was on shelf before, so a rollback has somewhere to go.
    await sql(
      `insert into app_versions (team_id, app_id, release_state, package_id, version_code, created_at, updated_at, on_shelf_at, superseded_at)
       select team_id, app_id, 0, package_id, 9, now(), now(), now(), now() from app_versions where id = $1`,
      [versionId],
    );
    await sql(`update apps set listed = true, ever_on_shelf = true where id = $1`, [appId]);
    const force = async () => {
      await sql(`delete from review_tasks where subject_id = $1`, [versionId]);
      await sql(`update app_versions set release_state = $2, rollback_pending = $3, superseded_at = null where id = $1`, [versionId, state, rollbackPending]);
      if ([4, 5, 6].includes(state) || rollbackPending) {
        const kind = state === 6 ? 'shelfOff' : rollbackPending ? 'rollback' : 'update';
        await sql(`insert into review_tasks (subject_id, app_id, team_id, kind, submitted_at) select id, app_id, team_id, $2, now() from app_versions where id = $1`, [versionId, kind]);
      }
    };
    for (const [action, call] of Object.entries(CALLS) as Array<[DeveloperAction, (typeof CALLS)[DeveloperAction]]>) {
      await force();
      const allowed = transition(state, action, { rollbackPending, firstRelease: false, releaseTimeAhead: false }).ok;
      const res = await u.call(call.endpoint, call.query ? { query: { appId, versionId } } : { body: { appId, versionId, ...call.body } });
      if (allowed) {
        expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBe(200);
      } else {
        expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBe(409);
        expect(res.json().ret.msg).toContain(`(releaseState ${state})`);
      }
    }
  });

  it('names the state in Chinese too, and refuses any change of a history version', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const v1 = await released(t, u, op, appId, 10);
    const zh = await u.call(versionApi.submitVersion, { headers: { 'x-lang': 'zh' }, body: { appId, versionId: v1.versionId } });
    expect(zh.statusCode).toBe(409);
    expect(zh.json().ret.msg).toBe('版本当前状态为「已上架」（releaseState 0），不允许此操作');
    await released(t, u, op, appId, 11);
    const old = await u.call(versionApi.shelfOff, { body: { appId, versionId: v1.versionId, reason: 'x' } });
    expect(old.statusCode).toBe(409);
    expect(old.json().ret.msg).toContain('history version');
  });
});

describe('the release journey', () => {
  it('refuses an incomplete submission listing what is missing', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = (await u.call(versionApi.createVersion, { body: { appId } })).json().version;
    const res = await u.call(versionApi.submitVersion, { body: { appId, versionId } });
    expect(res.statusCode).toBe(409);
    expect(res.json().ret.msg).toBe('The version is not complete; missing: package, countries, ageRating, defaultListing (enUS)');
  });

  it('submits, urges once a day, withdraws, resubmits; history says who did what when', async () => {
    const u = await TestUser.register(t, { displayName: 'Dana' });
    const { appId } = await newApp(u);
    const { versionId } = await completeVersion(t, u, appId);
    const submitted = await u.call(versionApi.submitVersion, { body: { appId, versionId } });
    expect(submitted.json().version).toMatchObject({ releaseState: 4, allowedActions: ['cancelOnShelf', 'urge'] });
    const urged = await u.call(versionApi.urgeAudit, { body: { appId, versionId } });
    expect(urged.json().version.urgedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(23 * 3600_000);
    // Sessions last an hour: sign in again after moving the clock by a day.
    await u.login();
    await op.login();
    const again = await u.call(versionApi.urgeAudit, { body: { appId, versionId } });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(3600);
    t.clock.advance(3600_000);
    await u.login();
    await op.login();
    expect((await u.call(versionApi.urgeAudit, { body: { appId, versionId } })).statusCode).toBe(200);
    expect((await u.call(versionApi.cancelOnShelf, { body: { appId, versionId } })).json().version.releaseState).toBe(7);
    expect((await u.call(versionApi.submitVersion, { body: { appId, versionId } })).json().version.releaseState).toBe(4);
    const history = (await u.call(versionApi.historyVersion, { query: { appId, versionId } })).json();
    expect(history.events.map((e: { action: string; fromState: number | null; toState: number | null }) => [e.action, e.fromState, e.toState])).toEqual([
      ['create', null, 7], ['edit', 7, 7], ['submit', 7, 4], ['urge', 4, 4], ['urge', 4, 4], ['cancelOnShelf', 4, 7], ['submit', 7, 4],
    ]);
    expect(history.events[2]).toMatchObject({ actorKind: 'user', actorId: u.userId, actorName: 'Dana' });
    const audit = await sql(`select action from audit_events where target_id = $1 order by at, id`, [versionId]);
    expect((audit.rows as Array<{ action: string }>).map((r) => r.action)).toContain('version.submit');
  });

  it('waits for a release time, moves it, releases now; cancels a waiting release to 11', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = await completeVersion(t, u, appId);
    await u.call(versionApi.submitVersion, { body: { appId, versionId } });
    const at = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, versionId), decision: 'approve', releaseAt: at } });
    expect(await stateOf(u, appId, versionId)).toBe(3);
    const later = new Date(t.clock.now().getTime() + 7200_000).toISOString();
    expect((await u.call(versionApi.onShelfTime, { body: { appId, versionId, releaseAt: later } })).json().version.releaseAt).toBe(later);
    expect((await u.call(versionApi.onShelfTime, { body: { appId, versionId, releaseAt: '2001-01-01T00:00:00Z' } })).statusCode).toBe(400);
    expect((await u.call(versionApi.onShelfTime, { body: { appId, versionId } })).statusCode).toBe(400);
    expect((await u.call(versionApi.onShelfTime, { body: { appId, versionId, now: true } })).json().version).toMatchObject({ releaseState: 0, onShelfAt: t.clock.now().toISOString() });
    expect((await u.call(versionApi.lastOnShelf, { query: { appId } })).json().version.versionId).toBe(versionId);
    // Nothing fires later: the release was done by hand.
    t.clock.advance(3 * 3600_000);
    await t.deps.dueActions.runDue();
    await u.login();
    await op.login();
    const events = (await u.call(versionApi.historyVersion, { query: { appId, versionId } })).json().events;
    expect(events.filter((e: { toState: number }) => e.toState === 0)).toHaveLength(1);

    const v2 = await completeVersion(t, u, appId, 11);
    await u.call(versionApi.submitVersion, { body: { appId, versionId: v2.versionId } });
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v2.versionId), decision: 'approve', releaseAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() } });
    expect((await u.call(versionApi.cancelOnShelf, { body: { appId, versionId: v2.versionId } })).json().version.releaseState).toBe(11);
    t.clock.advance(2 * 3600_000);
    await t.deps.dueActions.runDue();
    await u.login();
    expect(await stateOf(u, appId, v2.versionId)).toBe(11);
    expect((await u.call(versionApi.lastOnShelf, { query: { appId } })).json().version.versionId).toBe(versionId);
  });

  it('requests and withdraws a removal; a rollback needs a previous on-shelf version', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const v1 = await released(t, u, op, appId, 10);
    const none = await u.call(versionApi.rollback, { body: { appId, versionId: v1.versionId, reason: 'bad' } });
    expect(none.statusCode).toBe(409);
    expect(none.json().ret.msg).toContain('no previous on-shelf version');
    expect((await u.call(versionApi.shelfOff, { body: { appId, versionId: v1.versionId, reason: 'Retiring' } })).json().version.releaseState).toBe(6);
    expect((await u.call(versionApi.cancelShelfOff, { body: { appId, versionId: v1.versionId } })).json().version.releaseState).toBe(0);
    const v2 = await released(t, u, op, appId, 11);
    const rb = await u.call(versionApi.rollback, { body: { appId, versionId: v2.versionId, reason: 'Crashes' } });
    expect(rb.json().version).toMatchObject({ releaseState: 0, rollbackPending: true, allowedActions: ['urge', 'cancelRollback'] });
    expect((await u.call(versionApi.rollback, { body: { appId, versionId: v2.versionId, reason: '' } })).statusCode).toBe(400);
  });

  it('needs the release permission for transitions and 404s other teams', async () => {
    const { holder, member } = await teamWithMember(t, ['development']);
    const { appId } = await newApp(holder);
    const { versionId } = await completeVersion(t, holder, appId);
    expect((await member.call(versionApi.updateVersion, { body: { appId, versionId, reviewNotes: 'ok' } })).statusCode).toBe(200);
    expect((await member.call(versionApi.submitVersion, { body: { appId, versionId } })).statusCode).toBe(403);
    const stranger = await TestUser.register(t);
    expect((await stranger.call(versionApi.submitVersion, { body: { appId, versionId } })).statusCode).toBe(404);
    expect((await stranger.call(versionApi.historyVersion, { query: { appId, versionId } })).statusCode).toBe(404);
  });
});
