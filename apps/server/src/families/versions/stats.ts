import { versionApi } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { invalidInput } from '../../platform/http/errors';
import { versionsRepo } from './repo';
import { downloadsRepo } from './downloads-repo';
import { type AppsService } from '../apps/public';

const DAY_MS = 24 * 3600_000;
const { DOWNLOAD_STATS_MAX_DAYS } = versionApi;

/** Adoption of an app's versions: the download counts the device route keeps per day, version and country. */
export class StatsService {
  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
  ) {}

  async downloads(caller: Caller, q: { appId: string; from: string; to: string }) {
    const { db } = this.deps;
    await this.apps.get(caller, q.appId);
    const span = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
    if (span < 1) throw invalidInput({ zh: '开始日期不能晚于结束日期', en: '"from" must not be after "to"', ru: '«from» не может быть позже «to»' });
    if (span > DOWNLOAD_STATS_MAX_DAYS) throw invalidInput({ zh: `日期范围最多 ${DOWNLOAD_STATS_MAX_DAYS} 天`, en: `The range may cover at most ${DOWNLOAD_STATS_MAX_DAYS} days`, ru: `Период — не больше ${DOWNLOAD_STATS_MAX_DAYS} дн.` });
    const [days, countries] = await Promise.all([downloadsRepo.appDownloadsByDay(db, q.appId, q.from, q.to), downloadsRepo.appDownloadsByCountry(db, q.appId, q.from, q.to)]);
    const perVersion = new Map<string, number>();
    for (const d of days) perVersion.set(d.versionId, (perVersion.get(d.versionId) ?? 0) + d.count);
    const rows = await versionsRepo.byIds(db, q.appId, [...perVersion.keys()]);
    const versions = rows
      .map((r) => ({ versionId: r.id, versionCode: r.versionCode, versionName: r.versionName, total: perVersion.get(r.id) ?? 0 }))
      .sort((a, b) => (b.versionCode ?? -1) - (a.versionCode ?? -1) || a.versionId.localeCompare(b.versionId));
    return { from: q.from, to: q.to, total: days.reduce((n, d) => n + d.count, 0), versions, days, countries };
  }
}
