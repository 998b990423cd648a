import { DEFAULT_RETENTION_DAYS, type AnalyticsSettings } from '@wharf/contract';
import { auditActor, writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { invalidInput } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { projectFacts } from '../projects/public';
import { isTimeZone, ZONE_TIME_ZONES } from './days';
import { analyticsRepo } from './repo';

/** How long an instance trusts what it read of an app's settings: a change reaches every instance within this. */
const CACHE_MS = 5000;

const BAD_ZONE = { zh: '未知的时区', en: 'Unknown time zone', ru: 'Неизвестный часовой пояс' };

/** An app's analytics settings as stored now (no cache): for work in a transaction of its own. */
export async function settingsOf(db: DbOrTx, appId: string, teamId: string, projectId: string): Promise<AnalyticsSettings> {
  const row = await analyticsRepo.settings(db, appId);
  if (row) return { timeZone: row.timeZone, retentionDays: row.retentionDays as AnalyticsSettings['retentionDays'] };
  const project = await projectFacts(db, teamId, projectId);
  return { timeZone: ZONE_TIME_ZONES[project?.dataLocation ?? 'china'], retentionDays: DEFAULT_RETENTION_DAYS };
}

/** An app's analytics settings: those saved, else the time zone of its project's data location. */
export class AnalyticsSettingsStore {
  readonly #cache = new Map<string, { at: number; settings: AnalyticsSettings }>();

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  /** What ingestion uses, kept for a few seconds (the hot path reads no settings row). */
  async of(appId: string, teamId: string, projectId: string): Promise<AnalyticsSettings> {
    const now = this.deps.clock.now().getTime();
    const cached = this.#cache.get(appId);
    if (cached && now - cached.at < CACHE_MS) return cached.settings;
    const settings = await this.read(this.deps.db, appId, teamId, projectId);
    this.#cache.set(appId, { at: now, settings });
    return settings;
  }

  read(db: DbOrTx, appId: string, teamId: string, projectId: string): Promise<AnalyticsSettings> {
    return settingsOf(db, appId, teamId, projectId);
  }

  async get(caller: Caller, appId: string): Promise<AnalyticsSettings> {
    const app = await callerApp(this.deps.db, caller, appId);
    return this.read(this.deps.db, appId, app.teamId, app.projectId);
  }

  async save(caller: Caller, appId: string, next: AnalyticsSettings): Promise<AnalyticsSettings> {
    const app = await callerApp(this.deps.db, caller, appId);
    if (!isTimeZone(next.timeZone)) throw invalidInput(BAD_ZONE);
    await this.deps.db.transaction(async (tx) => {
      const before = await this.read(tx, appId, app.teamId, app.projectId);
      await analyticsRepo.saveSettings(tx, { appId, ...next, updatedAt: this.deps.clock.now(), updatedBy: caller.userId });
      await writeAudit(tx, this.deps.clock, {
        action: 'analytics.settings',
        teamId: app.teamId,
        ...auditActor(caller),
        targetType: 'app',
        targetId: appId,
        data: { before, after: next },
      });
    });
    this.#cache.delete(appId);
    return next;
  }
}
