import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/types';
import type { Deps } from '../deps';
import { defineExtensionPoint, extend, extensionsOf } from '../extensions';
import { joinReasons, lifecycleOf } from '../lifecycle';

const tx = {} as Tx;

describe('the lifecycle of projects and apps', () => {
  it("gathers every family's reasons to keep a project, in the families' order", async () => {
    const life = lifecycleOf([
      { projectRemoving: async () => ({ zh: '有应用', en: 'holds apps', ru: 'есть приложения' }) },
      {},
      { projectRemoving: async () => null },
      { projectRemoving: async (_tx, id) => ({ zh: `函数 ${id}`, en: `functions of ${id}`, ru: `функции ${id}` }) },
    ]);
    const reasons = await life.projectRemoving(tx, 'p1');
    expect(reasons.map((r) => r.en)).toEqual(['holds apps', 'functions of p1']);
    expect(joinReasons(reasons)).toEqual({ zh: '有应用；函数 p1', en: 'holds apps; functions of p1', ru: 'есть приложения; функции p1' });
    expect(await lifecycleOf([{}]).projectRemoving(tx, 'p1')).toEqual([]);
  });

  it('moves an app through every family and answers the files that follow it once each', async () => {
    const seen: string[] = [];
    const life = lifecycleOf([
      { appMoving: async (_tx, m) => (seen.push(`packages ${m.appId} ${m.fromTeamId}→${m.toTeamId}`), ['f1', 'f2']) },
      { appMoving: async () => (seen.push('versions'), ['f2', 'f3']) },
      { appRemovingWrites: () => (seen.push('not on a move'), []) },
    ]);
    expect(await life.appMoving(tx, { appId: 'a', fromTeamId: 't1', toTeamId: 't2' })).toEqual(['f1', 'f2', 'f3']);
    expect(seen).toEqual(['packages a t1→t2', 'versions']);
  });

});

describe("an app's removal in one statement", () => {
  it("gathers every family's writes for the app's deleting statement, in the families' order", () => {
    const at = new Date('2026-12-03T00:00:00Z');
    const [w1, w2, w3] = ['a', 'b', 'c'].map((name) => ({ getSQL: () => sql.raw(name) }));
    const asked: string[] = [];
    const life = lifecycleOf([
      { appRemovingWrites: (_db, id) => (asked.push(String(id)), [w1!, w2!]) },
      {},
      { appMoving: async () => [] },
      { appRemovingWrites: (_db, id, when) => (asked.push(`${String(id)} ${(when as Date).toISOString()}`), [w3!]) },
    ]);
    expect(life.appRemovingWrites(tx, 'x', at)).toEqual([w1, w2, w3]);
    expect(asked).toEqual(['x', 'x 2026-12-03T00:00:00.000Z']);
    expect(lifecycleOf([{}]).appRemovingWrites(tx, 'x', at)).toEqual([]);
  });
});

describe('extension points', () => {
  const point = defineExtensionPoint<{ answer(): string }>('asker.question');
  const other = defineExtensionPoint<{ answer(): string }>('asker.other');

  it('answers with the extensions of the point in the order listed, each made once with the dependencies', () => {
    let made = 0;
    const deps = { config: { name: 'deps' } } as unknown as Deps;
    const ext = extensionsOf(
      [
        extend(point, (d) => (made++, { answer: () => `first ${(d.config as unknown as { name: string }).name}` })),
        extend(other, () => ({ answer: () => 'other' })),
        extend(point, () => (made++, { answer: () => 'second' })),
      ],
      () => deps,
    );
    expect(made).toBe(0);
    expect(ext.all(point).map((e) => e.answer())).toEqual(['first deps', 'second']);
    expect(ext.all(point)).toBe(ext.all(point));
    expect(made).toBe(2);
    expect(ext.all(other).map((e) => e.answer())).toEqual(['other']);
  });

  it('answers nothing when no family extends the point', () => {
    expect(extensionsOf([], () => ({}) as Deps).all(point)).toEqual([]);
  });

  it('names a point <family>.<question>', () => {
    expect(() => defineExtensionPoint('question')).toThrow(/<family>\.<question>/);
  });
});
