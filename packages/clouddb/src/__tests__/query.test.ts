import { describe, expect, it } from 'vitest';
import { CloudQuery, type QuerySpec } from '../query';

const runner = (pages: { objects: object[]; cursor: string | null }[]) => {
  const sent: QuerySpec[] = [];
  let i = 0;
  return {
    sent,
    run: async (spec: QuerySpec) => (sent.push(spec), pages[i++]!) as { objects: Record<string, unknown>[]; cursor: string | null },
    aggregate: async (where: unknown[], aggregate: string, field?: string) => JSON.stringify({ where, aggregate, field }),
  };
};

describe('CloudQuery', () => {
  it('builds a new query at each step and leaves the one before as it was', () => {
    const base = new CloudQuery(runner([]));
    const lem = base.equalTo('author', 'Lem').greaterThan('price', 5).orderBy('price', 'desc').limit(20);
    expect(base.spec).toEqual({ where: [], orderBy: [] });
    expect(lem.spec).toEqual({
      where: [{ field: 'author', op: 'equalTo', value: 'Lem' }, { field: 'price', op: 'greaterThan', value: 5 }],
      orderBy: [{ field: 'price', direction: 'desc' }],
      limit: 20,
    });
    expect(base.in('id', [1, 2]).isNull('published').spec.where).toEqual([{ field: 'id', op: 'in', value: [1, 2] }, { field: 'published', op: 'isNull' }]);
  });

  it('walks every page through the cursors', async () => {
    const r = runner([{ objects: [{ id: 1 }, { id: 2 }], cursor: 'c1' }, { objects: [{ id: 3 }], cursor: null }]);
    const seen: unknown[] = [];
    for await (const page of new CloudQuery(r).limit(2).pages()) seen.push(...page);
    expect(seen).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(r.sent.map((s) => s.cursor)).toEqual([undefined, 'c1']);
  });

  it('sends its conditions with an aggregate', async () => {
    const q = new CloudQuery(runner([])).equalTo('author', 'Lem');
    expect(JSON.parse(String(await q.sum('price')))).toEqual({ where: [{ field: 'author', op: 'equalTo', value: 'Lem' }], aggregate: 'sum', field: 'price' });
  });
});
