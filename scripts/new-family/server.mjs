// The server side of a new family: tables, repo, service, one route file per call, the
// family object, its public face and its tests.

export function serverFiles(n) {
  const dir = `apps/server/src/families/${n.family}`;
  const api = `${n.camel}Api`;
  return {
    [`${dir}/tables.ts`]: `import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/public';

/** A project's ${n.human}. */
export const ${n.camel} = pgTable(
  '${n.table}',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [unique('${n.table}_project_name').on(t.projectId, t.name), index('${n.table}_project_created').on(t.projectId, t.createdAt, t.id)],
);
`,
    [`${dir}/repo.ts`]: `import { and, eq, sql } from 'drizzle-orm';
import { keysetOrder, pastCursor } from '../../platform/db/keyset';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { ${n.camel} } from './tables';

export type ${n.Item}Row = typeof ${n.camel}.$inferSelect;

/** The only reader and writer of the family's table. */
export const ${n.camel}Repo = {
  async page(db: DbOrTx, projectId: string, limit: number, before?: Position): Promise<${n.Item}Row[]> {
    return db
      .select()
      .from(${n.camel})
      .where(and(eq(${n.camel}.projectId, projectId), pastCursor(${n.camel}.createdAt, ${n.camel}.id, before)))
      .orderBy(...keysetOrder(${n.camel}.createdAt, ${n.camel}.id))
      .limit(limit);
  },
  async count(db: DbOrTx, projectId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>\`count(*)::int\` }).from(${n.camel}).where(eq(${n.camel}.projectId, projectId));
    return row?.n ?? 0;
  },
  /** Undefined when the project already has one of that name. */
  async insert(db: DbOrTx, row: typeof ${n.camel}.$inferInsert): Promise<${n.Item}Row | undefined> {
    const [created] = await db.insert(${n.camel}).values(row).onConflictDoNothing().returning();
    return created;
  },
  async remove(db: DbOrTx, projectId: string, id: string): Promise<${n.Item}Row | undefined> {
    const [gone] = await db.delete(${n.camel}).where(and(eq(${n.camel}.projectId, projectId), eq(${n.camel}.id, id))).returning();
    return gone;
  },
};
`,
    [`${dir}/service.ts`]: `import type { ${n.Item} } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { conflict, notFound } from '../../platform/http/errors';
import { ${n.camel}Repo, type ${n.Item}Row } from './repo';

const out = (r: ${n.Item}Row): ${n.Item} => ({ ${n.item}Id: r.id, projectId: r.projectId, name: r.name, createdAt: r.createdAt.toISOString() });

/** A project's ${n.human}: the access check has already tied the project to the caller. */
export class ${n.Pascal}Service {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(q: { projectId: string; pageSize: number; cursor?: string | undefined; withTotal: boolean }) {
    const { db } = this.deps;
    const rows = await ${n.camel}Repo.page(db, q.projectId, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    return { items: page.map(out), nextCursor, ...(q.withTotal ? { total: await ${n.camel}Repo.count(db, q.projectId) } : {}) };
  }

  async create(caller: Caller, projectId: string, name: string) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const row = await ${n.camel}Repo.insert(tx, { projectId, name, createdAt: clock.now() });
      if (!row) throw conflict({ zh: \`项目中已有名为“\${name}”的对象\`, en: \`The project already has one named "\${name}"\`, ru: \`В проекте уже есть объект «\${name}»\` });
      await writeAudit(tx, clock, { action: '${n.family}.create', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: '${n.itemKebab}', targetId: row.id, data: { projectId, name } });
      return { ${n.item}: out(row) };
    });
  }

  async remove(caller: Caller, projectId: string, id: string) {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const gone = await ${n.camel}Repo.remove(tx, projectId, id);
      if (!gone) throw notFound();
      await writeAudit(tx, clock, { action: '${n.family}.delete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: '${n.itemKebab}', targetId: id, data: { projectId, name: gone.name } });
    });
    return {};
  }
}
`,
    [`${dir}/routes/context.ts`]: `import type { ${n.Pascal}Service } from '../service';

/** The family's services, handed to every route file. */
export interface ${n.Pascal}Services {
  ${n.camel}: ${n.Pascal}Service;
}
`,
    [`${dir}/routes/console.ts`]: `import type { FastifyInstance } from 'fastify';
import { ${api} } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ${n.Pascal}Services } from './context';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: ${n.Pascal}Services): void {
  registerEndpoint(app, ${api}.list${n.Pascal}, ({ query }) => s.${n.camel}.list(query));
  registerEndpoint(app, ${api}.create${n.Item}, ({ caller, query, body }) => s.${n.camel}.create(caller, query.projectId, body.name));
  registerEndpoint(app, ${api}.delete${n.Item}, ({ caller, query, params }) => s.${n.camel}.remove(caller, query.projectId, params.${n.item}Id));
}
`,
    [`${dir}/index.ts`]: `import type { Family } from '../../platform/deps';
import type { ${n.Pascal}Services } from './routes/context';
import { consoleRoutes } from './routes/console';
import { ${n.Pascal}Service } from './service';

const ROUTES = [consoleRoutes];

/** A project's ${n.human}. */
export const ${n.camel}Family: Family = {
  name: '${n.family}',
  services: [
    {
      id: '${n.family}',
      serviceId: 'project.${n.camel}',
      menuId: '${n.family}',
      categoryId: 11,
      names: { cn: '${n.Pascal}', en: '${n.Pascal}', ru: '${n.Pascal}' },
      route: '/projects/:projectId/${n.family}',
      scope: 'project',
    },
  ],
  register(app, deps) {
    const s: ${n.Pascal}Services = { ${n.camel}: new ${n.Pascal}Service(deps) };
    for (const route of ROUTES) route(app, s);
  },
};
`,
    [`${dir}/public.ts`]: `// What other families may use of ${n.family}: nothing else of this folder.
import type { DbOrTx } from '../../platform/db/types';
import { ${n.camel}Repo } from './repo';

/** How many ${n.human} a project holds (e.g. for a usage summary). */
export const count${n.Pascal} = (db: DbOrTx, projectId: string): Promise<number> => ${n.camel}Repo.count(db, projectId);
`,
    ...serverTests(n, dir, api),
  };
}

function serverTests(n, dir, api) {
  return {
    [`${dir}/__tests__/${n.family}.test.ts`]: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ${api}, HEADERS, projectApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: '${n.Pascal}' } })).json().project.projectId;
});
afterAll(() => t.close());

const create = (name: string, who = u, pid = projectId) => who.call(${api}.create${n.Item}, { query: { projectId: pid }, body: { name } });
const list = (who = u, pid = projectId) => who.call(${api}.list${n.Pascal}, { query: { projectId: pid, withTotal: 'true' } });
const audits = async (action: string) => (await t.deps.database.executeSql(\`select target_id from audit_events where action = $1\`, [action])).rows;

describe('${n.human}', () => {
  it('are created, listed newest first and deleted, each change with an audit event', async () => {
    const first = (await create('First')).json().${n.item};
    t.clock.advance(1000);
    const second = (await create('Second')).json().${n.item};
    expect((await list()).json()).toMatchObject({ total: 2, items: [{ name: 'Second' }, { name: 'First' }], nextCursor: null });
    expect(await audits('${n.family}.create')).toHaveLength(2);
    const gone = await u.call(${api}.delete${n.Item}, { params: { ${n.item}Id: first.${n.item}Id }, query: { projectId } });
    expect(gone.statusCode).toBe(200);
    expect((await list()).json().items.map((i: { ${n.item}Id: string }) => i.${n.item}Id)).toEqual([second.${n.item}Id]);
    expect(await audits('${n.family}.delete')).toEqual([{ target_id: first.${n.item}Id }]);
  });

  it('refuse a duplicate name with a readable message in the caller language, and change nothing', async () => {
    expect((await create('Twin')).statusCode).toBe(200);
    const again = await u.call(${api}.create${n.Item}, { query: { projectId }, body: { name: 'Twin' }, headers: { [HEADERS.language]: 'zh' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().ret.msg).toContain('Twin');
    expect((await list()).json().items.filter((i: { name: string }) => i.name === 'Twin')).toHaveLength(1);
  });

  it('refuse bad input with 400 naming the field, never 500', async () => {
    for (const name of ['', ' ', 'a\\u0000b', 'x'.repeat(65), '<b>']) {
      const res = await create(name);
      expect(res.statusCode).toBe(400);
      expect(res.json().ret.msg).toMatch(/name/);
    }
    expect((await u.call(${api}.list${n.Pascal}, { query: { projectId: 'not-a-uuid' } })).statusCode).toBe(400);
  });

  it("are out of reach of another team: its projects' ids are refused", async () => {
    const other = await TestUser.register(t);
    for (const res of [await create('Theirs', other), await list(other)]) expect([403, 404]).toContain(res.statusCode);
    const mine = (await create('Mine')).json().${n.item};
    const del = await other.call(${api}.delete${n.Item}, { params: { ${n.item}Id: mine.${n.item}Id }, query: { projectId } });
    expect([403, 404]).toContain(del.statusCode);
    expect((await list()).json().items.some((i: { ${n.item}Id: string }) => i.${n.item}Id === mine.${n.item}Id)).toBe(true);
  });
});
`,
    [`apps/server/src/platform/__tests__/matrix/builders/${n.family}.ts`]: `import { ${api} } from '@wharf/contract';
import type { Builders } from '../types';

/** A project's ${n.human}: A's project, and a fresh one to delete. */
export function ${n.camel}Builders(): Builders {
  return {
    '${n.camel}.list': { build: (s) => ({ query: { projectId: s.a.projectId } }) },
    '${n.camel}.create': { build: (s) => ({ query: { projectId: s.a.projectId }, body: { name: \`\${s.marker} \${Math.random().toString(36).slice(2, 8)}\` } }) },
    '${n.camel}.delete': {
      build: async (s) => {
        const created = await s.a.holder.call(${api}.create${n.Item}, { query: { projectId: s.a.projectId }, body: { name: \`to delete \${Math.random().toString(36).slice(2, 8)}\` } });
        return { params: { ${n.item}Id: created.json().${n.item}.${n.item}Id as string }, query: { projectId: s.a.projectId } };
      },
    },
  };
}
`,
  };
}
