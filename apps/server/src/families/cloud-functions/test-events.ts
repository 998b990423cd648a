import { TEST_EVENT_LIMITS } from '@wharf/rules';
import type { TestEvent } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { testEventsRepo as events, type TestEventRow } from './test-events-repo';
import { auditFunction, foundFunction } from './found';
import { WORDS } from './words';

const out = (r: TestEventRow): TestEvent => ({ name: r.name, event: r.event, updatedAt: r.updatedAt.toISOString() });

/** A function's saved test events (AppGallery Connect's test parameters): the team's, by name. */
export class TestEvents {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(projectId: string, functionId: string) {
    await foundFunction(this.deps.db, projectId, functionId);
    return { events: (await events.list(this.deps.db, functionId)).map(out) };
  }

  async save(caller: Caller, projectId: string, functionId: string, name: string, event: unknown) {
    return this.deps.db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      const kept = await events.list(tx, functionId);
      if (!kept.some((e) => e.name === name) && kept.length >= TEST_EVENT_LIMITS.perFunction) throw conflict(WORDS.tooManyTestEvents(TEST_EVENT_LIMITS.perFunction));
      const saved = await events.save(tx, { functionId, name, event: event ?? null, updatedAt: this.deps.clock.now() });
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.saveTestEvent', fn, { testEvent: name });
      return { event: out(saved) };
    });
  }

  async remove(caller: Caller, projectId: string, functionId: string, name: string) {
    await this.deps.db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      if (!(await events.remove(tx, functionId, name))) throw notFound(WORDS.noTestEvent);
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.deleteTestEvent', fn, { testEvent: name });
    });
    return {};
  }
}
