import { versionApi } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import type { AppsService } from '../apps/service';
import { stateName, type Lang } from './present';
import { versionsRepo } from './repo';

const DAY_MS = 24 * 3600_000;

/** An app's distribution at a glance (the distribution family's `GET /app`). */
export class OverviewService {
  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
  ) {}

  async app(caller: Caller, appId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const app = await this.apps.get(caller, appId);
    const [current, preparing] = await Promise.all([versionsRepo.current(db, appId), versionsRepo.unreleased(db, appId)]);
    const phase = current?.releaseType === 'phased' ? await versionsRepo.phase(db, current.id) : undefined;
    const to = clock.now().toISOString().slice(0, 10);
    const from = new Date(clock.now().getTime() - (versionApi.DISTRIBUTION_SUMMARY_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const days = await versionsRepo.appDownloadsByDay(db, appId, from, to);
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
