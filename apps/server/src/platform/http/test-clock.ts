import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OffsetClock } from '../clock';
import type { DueActions } from '../due-actions';

/**
 * Lets browser tests move time. Registered only when the server runs with the test flag
 * (which production configuration refuses), and deliberately not part of the contract.
 */
export function registerTestClock(app: FastifyInstance, clock: OffsetClock, dueActions: DueActions): void {
  const body = z.object({ advanceMs: z.number().int().min(0).optional(), to: z.string().datetime().optional() });
  app.post('/__test/clock', { schema: { hide: true } }, async (req, reply) => {
    const parsed = body.safeParse(req.body ?? {});
    if (!parsed.success) return reply.status(400).send({ ret: { code: 100400, msg: parsed.error.message } });
    if (parsed.data.to) clock.set(new Date(parsed.data.to));
    if (parsed.data.advanceMs) clock.advance(parsed.data.advanceMs);
    const fired = await dueActions.runDue();
    return { ret: { code: 0, msg: 'success' }, now: clock.now().toISOString(), fired };
  });
  app.get('/__test/clock', { schema: { hide: true } }, async () => ({ ret: { code: 0, msg: 'success' }, now: clock.now().toISOString() }));
}
