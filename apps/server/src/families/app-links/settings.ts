import type { LinkSettings } from '@wharf/contract';
import { APP_LINK_LIMITS } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { appLinksRepo as repo } from './repo';

export const DEFAULT_SETTINGS: LinkSettings = { allowedHosts: [], perDayLimit: APP_LINK_LIMITS.perDayDefault, fingerprintMatching: false, appleTeamId: null };

export async function settingsOf(db: DbOrTx, projectId: string): Promise<LinkSettings> {
  const row = await repo.settings(db, projectId);
  return row ? { allowedHosts: row.allowedHosts, perDayLimit: row.perDayLimit, fingerprintMatching: row.fingerprintMatching, appleTeamId: row.appleTeamId } : DEFAULT_SETTINGS;
}

/** The start of the clock's UTC day: the daily creation limit counts from it. */
export const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export class LinkSettingsService {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock'>,
    private readonly forget: (projectId: string) => void,
  ) {}

  async get(projectId: string) {
    const { db, clock } = this.deps;
    return { settings: await settingsOf(db, projectId), createdToday: await repo.createdSince(db, projectId, dayStart(clock.now())) };
  }

  async put(caller: Caller, projectId: string, settings: LinkSettings) {
    const { db, clock } = this.deps;
    const allowedHosts = [...new Set(settings.allowedHosts)];
    const next = { ...settings, allowedHosts };
    await db.transaction(async (tx) => {
      await repo.putSettings(tx, { projectId, ...next, updatedAt: clock.now() });
      await writeAudit(tx, clock, { action: 'app-links.settings', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'project', targetId: projectId, data: next });
    });
    this.forget(projectId);
    return { settings: next };
  }
}
