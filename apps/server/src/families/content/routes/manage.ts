import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { contentApi, type Endpoint } from '@wharf/contract';
import { writeAudit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import type { Caller } from '../../../platform/http/access';
import { notFound } from '../../../platform/http/errors';
import { registerEndpoint, type CallHandler } from '../../../platform/http/register';
import { billboardOut, discountOut, newsDetailOut } from '../present';
import { billboardItems, discountActivities, serviceNews } from '../tables';

type Table = PgTable & { id: PgColumn };
interface CrudSet {
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
  list: Endpoint;
}

/**
 * List, create, update and delete of one kind of operator-managed content: the same four
 * calls for news, billboard and discounts, each change audited in its transaction.
 */
function crud<Row extends { id: string }>(
  app: FastifyInstance,
  { db, clock }: Deps,
  kind: 'news' | 'billboard' | 'discount',
  set: CrudSet,
  table: Table,
  values: (body: Record<string, unknown>, callerId: string, now: Date, creating: boolean) => Record<string, unknown>,
  out: (row: Row) => unknown,
): void {
  const audit = (tx: Parameters<typeof writeAudit>[0], action: 'create' | 'update' | 'delete', id: string, actor: Caller) =>
    writeAudit(tx, clock, { action: `content.${kind}.${action}`, actorId: actor.userId, ip: actor.ip, actorKind: 'operator', targetType: kind, targetId: id });
  const handle = <E extends Endpoint>(endpoint: E, handler: (input: Parameters<CallHandler<Endpoint>>[0]) => Promise<unknown>) =>
    registerEndpoint(app, endpoint, handler as unknown as CallHandler<E>);
  const anyDb = db as unknown as { select(): { from(t: Table): Promise<Row[]> } };

  handle(set.list, async () => ({ items: (await anyDb.select().from(table)).map(out) }));
  handle(set.create, async ({ body, caller }) =>
    db.transaction(async (tx) => {
      const rows = (await tx.insert(table).values(values(body as Record<string, unknown>, caller.userId!, clock.now(), true) as never).returning()) as Row[];
      const row = rows[0]!;
      await audit(tx, 'create', row.id, caller);
      return { item: out(row) };
    }),
  );
  handle(set.update, async ({ params, body, caller }) =>
    db.transaction(async (tx) => {
      const id = (params as { id: string }).id;
      const rows = (await tx.update(table).set(values(body as Record<string, unknown>, caller.userId!, clock.now(), false) as never).where(eq(table.id, id)).returning()) as Row[];
      if (!rows[0]) throw notFound();
      await audit(tx, 'update', id, caller);
      return { item: out(rows[0]) };
    }),
  );
  handle(set.remove, async ({ params, caller }) =>
    db.transaction(async (tx) => {
      const id = (params as { id: string }).id;
      if (!(await tx.delete(table).where(eq(table.id, id)).returning()).length) throw notFound();
      await audit(tx, 'delete', id, caller);
      return {};
    }),
  );
}

const dated = (body: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, keys.includes(k) ? new Date(String(v)) : v]));

export function manageRoutes(app: FastifyInstance, deps: Deps): void {
  crud(app, deps, 'news', contentApi.manageNews, serviceNews, (body, by, now, creating) => ({
    ...dated(body, ['publishedAt']),
    updatedAt: now,
    ...(creating ? { createdBy: by, createdAt: now } : {}),
  }), newsDetailOut);
  crud(app, deps, 'billboard', contentApi.manageBillboard, billboardItems, (body, _by, now, creating) => ({
    ...dated(body, ['startsAt', 'endsAt']),
    ...(creating ? { createdAt: now } : {}),
  }), billboardOut);
  crud(app, deps, 'discount', contentApi.manageDiscounts, discountActivities, (body, _by, now, creating) => ({
    ...dated(body, ['startsAt', 'endsAt']),
    ...(creating ? { createdAt: now } : {}),
  }), discountOut);
}
