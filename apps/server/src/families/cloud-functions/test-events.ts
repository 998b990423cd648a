import { TEST_EVENT_LIMITS } from '@wharf/rules';
import type { TestEvent } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { cloudFunctionsRepo as repo } from './repo';
import { testEventsRepo as events, type TestEventRow } from './test-events-repo';
import { WORDS } from './words';

const out = (r: TestEventRow): TestEvent => ({ name: r.name, event: r.event, updatedAt: r.updatedAt.toISOString() });

/** A function's saved test events (AppGallery Connect's test parameters): the team's, by name. */
export class TestEvents {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(projectId: string, functionId: string) {
    if (!(await repo.get(this.deps.db, projectId, functionId))) throw notFound(WORDS.noFunction);
    return { events: (await events.list(this.deps.db, functionId)).map(out) };
  }

  async save(caller: Caller, projectId: string, functionId: string, name: string, event: unknown) {
    return this.deps.db.transaction(async (tx) => {
      const fn = await repo.get(tx, projectId, functionId, true);
      if (!fn) throw notFound(WORDS.noFunction);
      const kept = await events.list(tx, functionId);
      if (!kept.some((e) => e.name === name) && kept.length >= TEST_EVENT_LIMITS.perFunction) throw conflict(WORDS.tooManyTestEvents(TEST_EVENT_LIMITS.perFunction));
      const saved = await events.save(tx, { functionId, name, event: event ?? null, updatedAt: this.deps.clock.now() });
      await writeAudit(tx, this.deps.clock, { action: 'cloud-functions.saveTestEvent', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'cloud-function', targetId: fn.id, data: { projectId, name: fn.name, testEvent: name } });
      return { event: out(saved) };
    });
  }

  async remove(caller: Caller, projectId: string, functionId: string, name: string) {
    await this.deps.db.transaction(async (tx) => {
      const fn = await repo.get(tx, projectId, functionId, true);
      if (!fn) throw notFound(WORDS.noFunction);
      if (!(await events.remove(tx, functionId, name))) throw notFound(WORDS.noTestEvent);
      await writeAudit(tx, this.deps.clock, { action: 'cloud-functions.deleteTestEvent', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'cloud-function', targetId: fn.id, data: { projectId, name: fn.name, testEvent: name } });
    });
    return {};
  }
}
