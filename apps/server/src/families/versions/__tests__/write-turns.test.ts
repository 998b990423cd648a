import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditPage } from '../../../platform/audit';
import { versionApi } from '@wharf/contract';
import { RELEASE_STATE } from '@wharf/rules';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { versionsRepo, type VersionRow } from '../repo';
import { VersionTransitions, type Actor } from '../transitions';
import { newApp } from '../../../harness/scenarios';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const someone: Actor = { kind: 'user', id: null, ip: null };
async function draft() {
  const u = await TestUser.register(t);
  const { appId } = await newApp(u);
  const { versionId } = (await u.call(versionApi.createVersion, { body: { appId } })).json().version as { versionId: string };
  return { u, appId, versionId, row: (await versionsRepo.byId(t.deps.db, appId, versionId))! };
}
const historyOf = async (versionId: string) => (await versionsRepo.events(t.deps.db, versionId)).map((e) => e.action);

describe('a developer’s writes to one version', () => {
  it('edit from the row read before the transaction when it still holds, in one attempt', async () => {
    const { row, versionId } = await draft();
    const tr = new VersionTransitions(t.deps);
    const attempts: boolean[] = [];
    const moved = await tr.write(row.id, async (tx, optimistic) => {
      attempts.push(optimistic);
      const [m] = await Promise.all([tr.move(tx, row, 'edit', someone, { optimistic, set: { reviewNotes: 'first try' } }), versionsRepo.mergeListing(tx, row.id, { language: 'enUS', brief: 'Splits bills' }, t.clock.now())]);
      return m;
    });
    expect(attempts).toEqual([true]);
    expect(moved).toMatchObject({ reviewNotes: 'first try', releaseState: RELEASE_STATE.draft });
    expect((await versionsRepo.listings(t.deps.db, [versionId]))[0]).toMatchObject({ language: 'enUS', brief: 'Splits bills', name: '' });
    expect(await historyOf(versionId)).toEqual(['create', 'edit']);
  });

  it('start again with the lock when the version moved since it was read, and refuse from what it is now, writing nothing', async () => {
    const { row, versionId } = await draft();
    // Submitted by someone else between this request's read and its write.
    await versionsRepo.update(t.deps.db, row.id, { releaseState: RELEASE_STATE.underReview });
    const tr = new VersionTransitions(t.deps);
    const attempts: boolean[] = [];
    const edit = tr.write(row.id, async (tx, optimistic) => {
      attempts.push(optimistic);
      const [m] = await Promise.all([tr.move(tx, row, 'edit', someone, { optimistic, set: { reviewNotes: 'too late' } }), versionsRepo.mergeListing(tx, row.id, { language: 'enUS', brief: 'Too late' }, t.clock.now())]);
      return m;
    });
    await expect(edit).rejects.toMatchObject({ retName: 'conflict' });
    expect(attempts).toEqual([true, false]);
    const now = (await versionsRepo.byId(t.deps.db, row.appId, versionId))!;
    expect(now.reviewNotes).toBeNull();
    expect(await versionsRepo.listings(t.deps.db, [versionId])).toEqual([]);
    expect(await historyOf(versionId)).toEqual(['create']);
  });

  it('write an edit of a version that moved since it was read nowhere: its one statement matches no row, the locked transaction refuses', async () => {
    const { row, versionId } = await draft();
    await versionsRepo.update(t.deps.db, row.id, { releaseState: RELEASE_STATE.underReview });
    const tr = new VersionTransitions(t.deps);
    const transactions = vi.spyOn(t.deps.db, 'transaction');
    const edit = tr.edit({ row, set: { reviewNotes: 'too late' }, expansion: undefined, listings: [{ language: 'enUS', brief: 'Too late' }], actor: someone, fields: ['reviewNotes', 'listings'] });
    await expect(edit).rejects.toMatchObject({ retName: 'conflict' });
    expect(transactions).toHaveBeenCalledTimes(1);
    transactions.mockRestore();
    expect((await versionsRepo.byId(t.deps.db, row.appId, versionId))!.reviewNotes).toBeNull();
    expect(await versionsRepo.listings(t.deps.db, [versionId])).toEqual([]);
    expect(await historyOf(versionId)).toEqual(['create']);
    expect((await auditPage(t.deps.db, row.teamId, { action: 'version.edit' }, 10)).filter((a) => a.targetId === versionId)).toEqual([]);
  });

  it('keep every edit of a burst on one draft, each with its history, the listing merged field by field', async () => {
    const { u, appId, versionId } = await draft();
    const edits = Array.from({ length: 12 }, (_, i) =>
      u.call(versionApi.updateVersion, { body: { appId, versionId, listings: [{ language: 'enUS', ...(i % 2 ? { brief: `Brief ${i}` } : { name: `Name ${i}` }) }] } }),
    );
    const answers = await Promise.all(edits);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(await historyOf(versionId)).toEqual(['create', ...Array(12).fill('edit')]);
    const [listing] = await versionsRepo.listings(t.deps.db, [versionId]);
    expect(listing!.name).toMatch(/^Name \d+$/);
    expect(listing!.brief).toMatch(/^Brief \d+$/);
    expect(t.deps.turns.waiting('app_versions', versionId)).toBe(0);
  });

  it('answer the edits written together from one read of the version after them', async () => {
    const { u, appId, versionId } = await draft();
    // The version busy until all eight edits wait for it: they are written as one batch.
    let free: () => void = () => undefined;
    const busy = t.deps.turns.run('app_versions', versionId, () => new Promise<void>((r) => (free = r)));
    const reads = vi.spyOn(versionsRepo, 'withParts');
    const edits = Array.from({ length: 8 }, (_, i) => u.call(versionApi.updateVersion, { body: { appId, versionId, listings: [{ language: 'enUS', brief: `Brief ${i}` }] } }));
    await vi.waitFor(() => expect(t.deps.turns.batched('app_versions', versionId)).toBe(8), { timeout: 15_000 });
    free();
    await busy;
    const answers = await Promise.all(edits);
    const read = reads.mock.calls.length;
    reads.mockRestore();
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(read).toBe(1);
    const final = (await versionsRepo.listings(t.deps.db, [versionId]))[0]!.brief;
    for (const a of answers) {
      expect((a.json().version.listings as Array<{ brief: string }>)[0]!.brief).toBe(final);
      expect(a.json().completeness).toMatchObject({ complete: false });
    }
  });

  it('write edits that come while the version is busy together, each with its history and audit event, the later field winning', async () => {
    const { versionId, row } = await draft();
    const tr = new VersionTransitions(t.deps);
    const transactions = vi.spyOn(t.deps.db, 'transaction');
    const statements = vi.spyOn(t.deps.db, 'with');
    const edits = ['a', 'b', 'c', 'd'].map((x, i) => tr.edit({ row, set: i === 3 ? {} : { reviewNotes: `notes ${x}` }, expansion: undefined, listings: [{ language: 'enUS', ...(i % 2 ? { brief: `brief ${x}` } : { name: `name ${x}` }) }], actor: someone, fields: ['listings'] }));
    const rows = await Promise.all(edits);
    // The first alone (the version was free), the other three together: each batch one
    // statement, with no transaction around it.
    expect(statements).toHaveBeenCalledTimes(2);
    expect(transactions).not.toHaveBeenCalled();
    transactions.mockRestore();
    statements.mockRestore();
    expect(rows.at(-1)).toMatchObject({ reviewNotes: 'notes c' });
    expect((await versionsRepo.listings(t.deps.db, [versionId]))[0]).toMatchObject({ name: 'name c', brief: 'brief d' });
    expect(await historyOf(versionId)).toEqual(['create', 'edit', 'edit', 'edit', 'edit']);
    const audit = await auditPage(t.deps.db, row.teamId, { action: 'version.edit' }, 10);
    expect(audit.filter((a) => a.targetId === versionId)).toHaveLength(4);
  });

  it('try each edit of a failed batch alone, so only the bad one fails', async () => {
    const { versionId, row } = await draft();
    const tr = new VersionTransitions(t.deps);
    const hold = tr.edit({ row, set: { reviewNotes: 'first' }, expansion: undefined, listings: [], actor: someone, fields: ['reviewNotes'] });
    // A versionCode that is no integer: PostgreSQL refuses the statement.
    const answers = await Promise.allSettled(([{ reviewNotes: 'second' }, { versionCode: 1.5 }, { releaseType: 'scheduled' }] as Array<Partial<VersionRow>>).map((set) => tr.edit({ row, set, expansion: undefined, listings: [], actor: someone, fields: Object.keys(set) })));
    await hold;
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await versionsRepo.byId(t.deps.db, row.appId, versionId))).toMatchObject({ reviewNotes: 'second', releaseType: 'scheduled', versionCode: null });
    expect(await historyOf(versionId)).toEqual(['create', 'edit', 'edit', 'edit']);
  });
});
