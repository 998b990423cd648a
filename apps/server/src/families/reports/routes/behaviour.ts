import type { FastifyInstance } from 'fastify';
import { reportApi } from '@wharf/contract';
import type { Deps } from '../../../platform/deps';
import { registerEndpoint } from '../../../platform/http/register';
import { behaviourEvents } from '../tables';

export function behaviourRoutes(app: FastifyInstance, { db, clock }: Deps): void {
  registerEndpoint(app, reportApi.reportBehaviour, async ({ body }) => {
    const receivedAt = clock.now();
    await db.insert(behaviourEvents).values(
      body.events.map(({ tagType, pageId, teamID, DID, greyFlag, at, ...rest }) => ({
        receivedAt,
        at: new Date(at),
        tagType,
        pageId: pageId ?? null,
        teamId: teamID ?? null,
        did: DID,
        greyFlag,
        data: rest,
      })),
    );
    return { accepted: body.events.length };
  });
}
