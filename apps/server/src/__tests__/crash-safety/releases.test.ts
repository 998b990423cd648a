import { describe, expect, it } from 'vitest';
import { versionApi } from '@wharf/contract';
import { RELEASE_STATE } from '@wharf/rules';
import { completeVersion, newApp, openTaskOf } from '../../harness/scenarios';
import { audits, call, crashAt, CRASH_SUITE, crashSuite, events, op, PG, sql, startChild, stateOf, t, u } from './harness';

/* Crash safety on PostgreSQL, version transitions and scheduled releases (harness.ts). */

// Each case starts the real server twice (about ten seconds each on a loaded two-core machine).
describe.skipIf(!PG)(CRASH_SUITE, { timeout: 120_000 }, () => {
  crashSuite();

  it('a submit killed inside its transaction leaves the version as it was; submitting again works once', async () => {
    const app = await newApp(u);
    const { versionId } = await completeVersion(t, u, app.appId);
    const before = await stateOf(versionId);
    await crashAt('versions.transition.beforeCommit', (base) => call(base, u, versionApi.submitVersion, { body: { appId: app.appId, versionId } }));
    expect(await stateOf(versionId)).toBe(before);
    expect(await events(versionId, 'submit')).toEqual([]);
    expect(await audits(versionId, 'version.submit')).toEqual([]);
    expect(await sql('select id from review_tasks where subject_id = $1', [versionId])).toEqual([]);

    const child = await startChild();
    try {
      const res = await call(child.url, u, versionApi.submitVersion, { body: { appId: app.appId, versionId } });
      expect(res.status).toBe(200);
      expect(await stateOf(versionId)).toBe(RELEASE_STATE.underReview);
      expect(await events(versionId, 'submit')).toEqual([{ from_state: before, to_state: RELEASE_STATE.underReview }]);
      expect(await audits(versionId, 'version.submit')).toHaveLength(1);
      expect(await sql(`select id from review_tasks where subject_id = $1 and state = 'open'`, [versionId])).toHaveLength(1);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('a submit killed after commit, before answering: the version is submitted exactly once, a retry is refused readably', async () => {
    const app = await newApp(u);
    const { versionId } = await completeVersion(t, u, app.appId);
    await crashAt('versions.submit.afterCommit', (base) => call(base, u, versionApi.submitVersion, { body: { appId: app.appId, versionId } }));
    expect(await stateOf(versionId)).toBe(RELEASE_STATE.underReview);

    const child = await startChild();
    try {
      const res = await call(child.url, u, versionApi.submitVersion, { body: { appId: app.appId, versionId } });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { ret: { msg: string } }).ret.msg).not.toBe('');
      expect(await events(versionId, 'submit')).toHaveLength(1);
      expect(await audits(versionId, 'version.submit')).toHaveLength(1);
      expect(await sql('select id from review_tasks where subject_id = $1', [versionId])).toHaveLength(1);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('a scheduled release killed while firing fires exactly once after restart', async () => {
    const app = await newApp(u);
    const { versionId } = await completeVersion(t, u, app.appId);
    expect((await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId } })).statusCode).toBe(200);
    const releaseAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const decided = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, versionId), decision: 'approve', releaseAt } });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await stateOf(versionId)).toBe(RELEASE_STATE.waiting);

    const advance = (base: string) => fetch(`${base}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 2 * 3_600_000 }) });
    await crashAt('versions.release.beforeCommit', advance);
    expect(await stateOf(versionId)).toBe(RELEASE_STATE.waiting);
    expect(await sql(`select state from due_actions where kind = 'versions.release' and payload->>'versionId' = $1`, [versionId])).toEqual([{ state: 'pending' }]);

    const child = await startChild();
    try {
      // The restarted server's clock starts from real time again: move it past the release once more.
      expect((await advance(child.url)).status).toBe(200);
      expect(await stateOf(versionId)).toBe(RELEASE_STATE.onShelf);
      expect(await advance(child.url).then((r) => r.status)).toBe(200);
      expect(await events(versionId, 'release')).toEqual([{ from_state: RELEASE_STATE.waiting, to_state: RELEASE_STATE.onShelf }]);
      expect(await audits(versionId, 'version.release')).toHaveLength(1);
      expect(await sql(`select state from due_actions where kind = 'versions.release' and payload->>'versionId' = $1`, [versionId])).toEqual([{ state: 'done' }]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });
});
