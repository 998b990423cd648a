import type { FastifyInstance } from 'fastify';
import { reportApi } from '@wharf/contract';
import type { Deps } from '../../../platform/deps';
import { registerEndpoint } from '../../../platform/http/register';
import { clueEvents } from '../tables';

export function clueRoutes(app: FastifyInstance, { db, clock }: Deps): void {
  const record = async (row: typeof clueEvents.$inferInsert) => {
    const inserted = await db.insert(clueEvents).values(row).onConflictDoNothing().returning({ id: clueEvents.id });
    return { recorded: inserted.length > 0 };
  };
  registerEndpoint(app, reportApi.reportClueBehaviour, ({ body, caller }) =>
    record({
      at: clock.now(),
      dataType: body.dataType,
      serviceId: body.detail.serviceId,
      serviceCode: body.detail.serviceCode ?? null,
      menuId: body.detail.menuId ?? null,
      teamId: caller.teamId,
      userId: caller.userId,
      visitKey: `session:${caller.sessionId}`,
    }),
  );
  registerEndpoint(app, reportApi.reportClueBehaviourAnonymous, ({ body }) =>
    record({
      at: clock.now(),
      dataType: body.dataType,
      serviceId: body.detail.serviceId,
      serviceCode: body.detail.serviceCode ?? null,
      menuId: body.detail.menuId ?? null,
      visitKey: `device:${body.DID}`,
    }),
  );
}
