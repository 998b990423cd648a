import { versionApi } from '@wharf/contract';
import { RELEASE_STATE } from '@wharf/rules';
import { type AgreementsService, agreementsOf } from '../agreements/public';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { stateName, type Lang } from './present';
import { downloadsRepo } from './downloads-repo';
import { versionsRepo } from './repo';
import { type AppsService, countTeamApps } from '../apps/public';

const DAY_MS = 24 * 3600_000;

const S = RELEASE_STATE;
/** Which states count as what on the team's summary (one app may be in the store and have an update in review). */
const GROUPS = {
  inStore: [S.onShelf, S.shelfOffRequested, S.shelfOffRejected],
  inReview: [S.underReview, S.updateUnderReview],
  rejected: [S.releaseRejected, S.updateRejected],
  drafting: [S.draft, S.onShelfCancelled],
  waiting: [S.waiting],
  removed: [S.removedByDeveloper, S.removedByPlatform],
} as const;

/** An app's distribution at a glance (the distribution family's `GET /app`), and the team's (`GET /service`). */
export class OverviewService {
  private readonly agreements: AgreementsService;

  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
  ) {
    this.agreements = agreementsOf(deps);
  }

  async service(caller: Caller) {
    const { db } = this.deps;
    const teamId = caller.teamId!;
    const [missing, total, byState] = await Promise.all([
      this.agreements.missing(db, teamId),
      countTeamApps(db, teamId, caller.appScope),
      versionsRepo.appsByState(db, teamId, caller.appScope),
    ]);
    const count = (states: readonly number[]) => byState.filter((r) => states.includes(r.state)).reduce((n, r) => n + r.apps, 0);
    return {
      canPublish: missing.length === 0,
      missingAgreements: missing.map((a) => a.agreementId),
      apps: {
        total,
        inStore: count(GROUPS.inStore),
        inReview: count(GROUPS.inReview),
        rejected: count(GROUPS.rejected),
        drafting: count(GROUPS.drafting),
        waiting: count(GROUPS.waiting),
        removed: count(GROUPS.removed),
      },
    };
  }

  async app(caller: Caller, appId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const app = await this.apps.get(caller, appId);
    const [current, preparing] = await Promise.all([versionsRepo.current(db, appId), versionsRepo.unreleased(db, appId)]);
    const phase = current?.releaseType === 'phased' ? await versionsRepo.phase(db, current.id) : undefined;
    const to = clock.now().toISOString().slice(0, 10);
    const from = new Date(clock.now().getTime() - (versionApi.DISTRIBUTION_SUMMARY_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const days = await downloadsRepo.appDownloadsByDay(db, appId, from, to);
    return {
      appId,
      listed: app.listed,
      everOnShelf: app.everOnShelf,
      onShelf: current
        ? {
            versionId: current.id,
            versionCode: current.versionCode,
            versionName: current.versionName,
            onShelfAt: (current.onShelfAt ?? current.updatedAt).toISOString(),
            noPackage: current.noPackage,
            releaseType: current.releaseType as 'full' | 'phased',
            phase: phase && phase.state !== 'completed' ? { state: phase.state, percent: phase.percentBp / 100 } : null,
            rollbackPending: current.rollbackPending,
          }
        : null,
      preparing: preparing ? { versionId: preparing.id, releaseState: preparing.releaseState, stateName: stateName(preparing.releaseState, lang), versionCode: preparing.versionCode } : null,
      downloads: { from, to, total: days.reduce((n, d) => n + d.count, 0) },
    };
  }
}
