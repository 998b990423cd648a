import { AUDIENCE_LIMITS, type Audience, type AudienceCondition } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { auditAppChange } from './audit';
import { audienceRepo, type AudienceRow } from './audience-repo';
import { dayIn } from './days';
import type { AnalyticsSettingsStore } from './settings';

type Input = { name: string; description: string; conditions: AudienceCondition[] };

const NO_AUDIENCE = { zh: '受众不存在', en: 'No such audience', ru: 'Такой аудитории нет' };

export function audienceOut(row: AudienceRow): Audience {
  return { audienceId: row.id, name: row.name, description: row.description, conditions: row.conditions, size: row.size, computedAt: row.computedAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Audiences: an app's instances that meet every condition, worked out when saved, when
 * asked, and every hour (AUDIENCE_LIMITS.recomputeMinutes), in one transaction each, so a
 * lookup by instance sees the members before or after, never half of them.
 */
export class Audiences {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock'>,
    private readonly settings: AnalyticsSettingsStore,
  ) {}

  async list(caller: Caller, appId: string) {
    await callerApp(this.deps.db, caller, appId);
    return { audiences: (await audienceRepo.list(this.deps.db, appId)).map(audienceOut) };
  }

  async create(caller: Caller, appId: string, input: Input) {
    const app = await callerApp(this.deps.db, caller, appId);
    const today = await this.today(app);
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      if ((await audienceRepo.count(tx, appId)) >= AUDIENCE_LIMITS.perApp) {
        throw conflict({ zh: `每个应用最多 ${AUDIENCE_LIMITS.perApp} 个受众`, en: `An app has at most ${AUDIENCE_LIMITS.perApp} audiences`, ru: `У приложения не больше ${AUDIENCE_LIMITS.perApp} аудиторий` });
      }
      const inserted = await audienceRepo.insert(tx, { appId, ...input, size: 0, computedAt: now, createdAt: now, updatedAt: now });
      const size = await audienceRepo.recompute(tx, inserted, today);
      await auditAppChange(tx, this.deps.clock, caller, app.teamId, 'analytics.audience.create', appId, { audienceId: inserted.id, name: input.name, size });
      return audienceRepo.update(tx, inserted.id, { size });
    });
    return { audience: audienceOut(row) };
  }

  async update(caller: Caller, appId: string, audienceId: string, input: Input) {
    const app = await callerApp(this.deps.db, caller, appId);
    const today = await this.today(app);
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const found = await audienceRepo.get(tx, appId, audienceId);
      if (!found) throw notFound(NO_AUDIENCE);
      const changed = await audienceRepo.update(tx, audienceId, { ...input, updatedAt: now });
      const size = await audienceRepo.recompute(tx, changed, today);
      await auditAppChange(tx, this.deps.clock, caller, app.teamId, 'analytics.audience.update', appId, { audienceId, before: { name: found.name, conditions: found.conditions }, after: input, size });
      return audienceRepo.update(tx, audienceId, { size, computedAt: now });
    });
    return { audience: audienceOut(row) };
  }

  async delete(caller: Caller, appId: string, audienceId: string) {
    const app = await callerApp(this.deps.db, caller, appId);
    await this.deps.db.transaction(async (tx) => {
      const found = await audienceRepo.get(tx, appId, audienceId);
      if (!found) throw notFound(NO_AUDIENCE);
      await audienceRepo.delete(tx, audienceId);
      await auditAppChange(tx, this.deps.clock, caller, app.teamId, 'analytics.audience.delete', appId, { audienceId, name: found.name });
    });
    return {};
  }

  async recompute(caller: Caller, appId: string, audienceId: string) {
    const app = await callerApp(this.deps.db, caller, appId);
    const found = await audienceRepo.get(this.deps.db, appId, audienceId);
    if (!found) throw notFound(NO_AUDIENCE);
    return { audience: audienceOut(await this.refresh(found, await this.today(app))) };
  }

  async ofInstance(caller: Caller, appId: string, instanceId: string) {
    await callerApp(this.deps.db, caller, appId);
    return { audiences: await audienceRepo.ofInstance(this.deps.db, appId, instanceId) };
  }

  /** Works one audience out again, in one transaction with its new size. */
  async refresh(row: AudienceRow, today: string): Promise<AudienceRow> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const size = await audienceRepo.recompute(tx, row, today);
      return audienceRepo.update(tx, row.id, { size, computedAt: now });
    });
  }

  private async today(app: { id: string; teamId: string; projectId: string }): Promise<string> {
    const { timeZone } = await this.settings.read(this.deps.db, app.id, app.teamId, app.projectId);
    return dayIn(timeZone, this.deps.clock.now());
  }

}

/** The hourly run: audiences worked out longest ago first, a few per run (each is one query). */
export async function recomputeStaleAudiences(deps: Pick<Deps, 'db' | 'clock'>, settings: AnalyticsSettingsStore, limit = 20): Promise<number> {
  const now = deps.clock.now();
  const stale = await audienceRepo.stale(deps.db, new Date(now.getTime() - AUDIENCE_LIMITS.recomputeMinutes * 60_000), limit);
  const audiences = new Audiences(deps, settings);
  for (const { row, teamId, projectId } of stale) {
    const { timeZone } = await settings.read(deps.db, row.appId, teamId, projectId);
    await audiences.refresh(row, dayIn(timeZone, now));
  }
  return stale.length;
}
