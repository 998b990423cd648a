import { createHash } from 'node:crypto';
import { buildPath, versionApi } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/http/errors';
import { appsRepo } from '../apps/repo';
import { filesRepo } from '../files/repo';
import { packagesRepo } from '../packages/repo';
import type { PhasedService } from './phased';
import { versionsRepo } from './repo';

/** The region of the first Accept-Language entry that names one ("de-AT" → AT). */
export function countryOfAcceptLanguage(header: string | undefined): string | null {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (!tag || tag === '*') continue;
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A malformed tag says nothing about the country.
    }
  }
  return null;
}

/** Countries nobody could tell: ISO 3166's code for an unknown region. */
export const UNKNOWN_COUNTRY = 'ZZ';

/** What devices ask: the version to install and its bytes. No session, no team. */
export class DistributionService {
  constructor(
    private readonly deps: Deps,
    private readonly phased: PhasedService,
  ) {}

  get storage() {
    return this.deps.storage;
  }

  /**
   * The on-shelf version when it is newer than the installed one and offered in the
   * device's country; null otherwise (also for unknown or off-shelf apps: a device learns
   * nothing more than "no update").
   */
  async updateFor(q: { packageName: string; versionCode: number; deviceId: string; country?: string | undefined; platform: string }) {
    const { db } = this.deps;
    const app = await appsRepo.byPackage(db, q.platform, q.packageName);
    if (!app?.listed) return { update: null };
    const live = await versionsRepo.current(db, app.id);
    const current = live ? await this.phased.servedTo(db, live, q.deviceId) : undefined;
    if (!current?.packageId || current.versionCode === null || current.versionCode <= q.versionCode) return { update: null };
    if (q.country && current.countries.length && !current.countries.includes(q.country)) return { update: null };
    const pkg = await packagesRepo.byId(db, app.id, current.packageId);
    if (!pkg) return { update: null };
    return {
      update: {
        versionId: current.id,
        versionCode: current.versionCode,
        versionName: current.versionName,
        size: pkg.size,
        sha256: pkg.sha256,
        downloadUrl: buildPath(versionApi.download, { versionId: current.id }),
      },
    };
  }

  /** A strong validator of an answer: equal answers share it, so devices can revalidate cheaply. */
  static etagOf(answer: unknown): string {
    return `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;
  }

  /** The stored file of a version on shelf now; anything else is "not found". */
  async fileOf(versionId: string) {
    const { db } = this.deps;
    const row = await versionsRepo.byIdAnyApp(db, versionId);
    if (!row?.packageId) throw notFound();
    const app = await appsRepo.byId(db, row.teamId, row.appId);
    if (!app?.listed) throw notFound();
    // Served now: the current version, or the one before a phased version still phasing.
    const current = await versionsRepo.current(db, row.appId);
    const fallback = current ? await this.phased.fallbackOf(db, current) : undefined;
    if (row.id !== current?.id && row.id !== fallback?.id) throw notFound();
    const pkg = await packagesRepo.byId(db, row.appId, row.packageId);
    const file = pkg ? await filesRepo.byId(db, pkg.fileId) : undefined;
    if (!pkg || !file || file.state !== 'ready') throw notFound();
    return { row, pkg, file };
  }

  async count(versionId: string, country: string): Promise<void> {
    const day = this.deps.clock.now().toISOString().slice(0, 10);
    await versionsRepo.countDownload(this.deps.db, day, versionId, country);
  }
}
