import { buildPath, versionApi } from '@wharf/contract';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/http/errors';
import type { DistributionCounter } from './distribution-counts';
import type { PhasedService } from './phased';
import { versionsRepo, type VersionRow } from './repo';
import { bucketOf } from './phased';
import { TESTER_OFFERS } from './points';
import { issueInstallToken } from './install-tokens';
import { appById, appByPackage } from '../apps/public';
import { type FileRow, fileById } from '../files/public';
import { type PackageRow, packageOfApp } from '../packages/public';
import { KeptReads } from '../../platform/kept-reads';
import { hotObjectsOf } from '../../platform/storage/hot-objects';

export { countryOfAcceptLanguage } from '../../platform/http/accept-language';

/** Countries nobody could tell: ISO 3166's code for an unknown region. */
export const UNKNOWN_COUNTRY = 'ZZ';

/**
 * Whether a version offered in `countries` (none listed: everywhere) reaches a device or
 * visitor in `country`; one that cannot be told is not turned away. The update check, the
 * download and the store page ask the same question.
 */
export function offeredIn(countries: readonly string[], country: string | undefined): boolean {
  return !country || country === UNKNOWN_COUNTRY || countries.length === 0 || countries.includes(country);
}

/** Apps whose release facts are kept at once; beyond that the oldest entry goes. */
const CACHE_MAX_APPS = 10_000;

interface Offer {
  version: VersionRow;
  size: number;
  sha256: string;
  expansion: Array<{ slot: 'main' | 'patch'; fileName: string; size: number; sha256: string }>;
  /** What a device offered this version is told. */
  answer: UpdateAnswer;
}

type UpdateAnswer = Omit<z.output<typeof versionApi.updateCheck.response>, 'ret'>;

/** The answer of every device with nothing to install; one object, so it is prepared once. */
const NO_UPDATE: UpdateAnswer = Object.freeze({ update: null });

export interface ReleaseSnapshot {
  current: Offer | null;
  /** A phase still running (pending, active or paused); null when none or completed. */
  phase: { state: string; percentBp: number } | null;
  /** What devices outside the phase keep. */
  fallback: Offer | null;
}

/** A file a device may download now: its version, package and stored file. */
interface Served {
  row: VersionRow;
  pkg: PackageRow;
  file: FileRow;
  platform: string;
}

/** What devices ask: the version to install and its bytes. No session, no team. */
export class DistributionService {
  constructor(
    private readonly deps: Deps,
    private readonly phased: PhasedService,
    private readonly counts: DistributionCounter,
  ) {
    this.#cache = new KeptReads(deps, CACHE_MAX_APPS);
    this.#files = new KeptReads(deps, CACHE_MAX_APPS);
  }

  /** The packages devices download, the hot ones from memory. */
  get objects() {
    return hotObjectsOf(this.deps);
  }

  readonly #cache: KeptReads<ReleaseSnapshot>;

  /**
   * What devices of an app may be offered: the current version, its phase, the version
   * devices outside the phase keep, with their package facts. Read once per app and kept
   * for DISTRIBUTION_CACHE_TTL_MS, because every device of an app asks the same question:
   * an update check then costs no database round trip, and a release reaches devices
   * at most that long after it happens.
   */
  snapshot(platform: string, packageName: string): Promise<ReleaseSnapshot> {
    return this.#cache.get(`${platform}\u0000${packageName}`, () => this.#read(platform, packageName));
  }

  async #read(platform: string, packageName: string): Promise<ReleaseSnapshot> {
    const { db } = this.deps;
    const app = await appByPackage(db, platform, packageName);
    if (!app?.listed) return { current: null, phase: null, fallback: null };
    const live = await versionsRepo.current(db, app.id);
    if (!live) return { current: null, phase: null, fallback: null };
    const phase = live.releaseType === 'phased' ? await versionsRepo.phase(db, live.id) : undefined;
    const phasing = phase && phase.state !== 'completed' ? { state: phase.state, percentBp: phase.percentBp } : null;
    const offer = async (v: VersionRow | undefined): Promise<Offer | null> => {
      if (!v?.packageId || v.versionCode === null) return null;
      const pkg = await packageOfApp(db, app.id, v.packageId);
      if (!pkg) return null;
      const expansion: Offer['expansion'] = [];
      for (const e of await versionsRepo.expansionFiles(db, [v.id])) {
        const obb = await packageOfApp(db, app.id, e.packageId);
        if (obb) expansion.push({ slot: e.slot as 'main' | 'patch', fileName: obb.fileName, size: obb.size, sha256: obb.sha256 });
      }
      const facts = { version: v, size: pkg.size, sha256: pkg.sha256, expansion };
      return { ...facts, answer: DistributionService.#answerOf(facts) };
    };
    return { current: await offer(live), phase: phasing, fallback: phasing ? await offer(await versionsRepo.previousOnShelf(db, app.id, live.id)) : null };
  }

  /**
   * The on-shelf version when it is newer than the installed one and offered in the
   * device's country; null otherwise (also for unknown or off-shelf apps: a device learns
   * nothing more than "no update"). A phasing version goes to the devices in its bucket;
   * the others keep the version before it.
   */
  async updateFor(q: { packageName: string; versionCode: number; deviceId: string; country?: string | undefined; platform: string; testerToken?: string | undefined }): Promise<UpdateAnswer> {
    const snap = await this.snapshot(q.platform, q.packageName);
    const store = this.storeUpdateFor(snap, q);
    let answer = store;
    if (q.testerToken) {
      // A tester gets the test version unless the store already offers as new a version; asked
      // only with a tester token, never cached (per tester).
      for (const channel of this.deps.extensions.all(TESTER_OFFERS)) {
        const test = await channel.offerFor({ platform: q.platform, packageName: q.packageName, versionCode: q.versionCode, testerToken: q.testerToken });
        if (test && (!answer.update || test.versionCode >= answer.update.versionCode)) answer = { update: test };
      }
    }
    // Counted for the app's analytics when the app is on shelf (an unknown package is nobody's).
    if (snap.current) this.counts.updateCheck(snap.current.version.appId, q.country ?? UNKNOWN_COUNTRY, q.platform, answer.update !== null);
    return answer;
  }

  private storeUpdateFor(snap: ReleaseSnapshot, q: { versionCode: number; deviceId: string; country?: string | undefined }): UpdateAnswer {
    const current = snap.current;
    if (!current) return NO_UPDATE;
    const inPhase = !snap.phase || (snap.phase.state === 'active' && bucketOf(current.version.appId, current.version.id, q.deviceId) < snap.phase.percentBp);
    const served = inPhase ? current : snap.fallback;
    if (!served || served.version.versionCode! <= q.versionCode) return NO_UPDATE;
    const { version } = served;
    if (!offeredIn(version.countries, q.country)) return NO_UPDATE;
    return served.answer;
  }

  /** The answer offering a version: built once per snapshot, so its serialised form can be kept with it. */
  static #answerOf(offer: Omit<Offer, 'answer'>): UpdateAnswer {
    const { version } = offer;
    // Frozen: its prepared bytes are kept with it (prepareAnswer), so it must not change.
    return Object.freeze({
      update: {
        versionId: version.id,
        versionCode: version.versionCode!,
        versionName: version.versionName,
        size: offer.size,
        sha256: offer.sha256,
        downloadUrl: buildPath(versionApi.download, { versionId: version.id }),
        ...(offer.expansion.length
          ? { expansionFiles: offer.expansion.map((e) => ({ ...e, downloadUrl: buildPath(versionApi.downloadExpansion, { versionId: version.id, slot: e.slot }) })) }
          : {}),
      },
    });
  }

  readonly #files: KeptReads<Served>;

  /**
   * The stored file of a version on shelf now, or of one of its expansion files; anything
   * else is "not found". What was found is kept as the update check's facts are (for
   * DISTRIBUTION_CACHE_TTL_MS): a download costs no read while its app's devices update,
   * and stops at most that long after the version leaves the shelf, as offers do.
   * "Not found" is never kept, so a version is downloadable once its offer is seen.
   */
  fileOf(versionId: string, slot?: 'main' | 'patch'): Promise<Served> {
    return this.#files.get(`${versionId}:${slot ?? ''}`, () => this.#readFile(versionId, slot));
  }

  async #readFile(versionId: string, slot?: 'main' | 'patch'): Promise<Served> {
    const { db } = this.deps;
    const row = await versionsRepo.byIdAnyApp(db, versionId);
    if (!row?.packageId) throw notFound();
    const app = await appById(db, row.teamId, row.appId);
    if (!app?.listed) throw notFound();
    // Served now: the current version, or the one before a phased version still phasing.
    const current = await versionsRepo.current(db, row.appId);
    const fallback = current ? await this.phased.fallbackOf(db, current) : undefined;
    if (row.id !== current?.id && row.id !== fallback?.id) throw notFound();
    const pkgId = slot ? (await versionsRepo.expansionFiles(db, [row.id])).find((e) => e.slot === slot)?.packageId : row.packageId;
    if (!pkgId) throw notFound();
    const pkg = await packageOfApp(db, row.appId, pkgId);
    const file = pkg ? await fileById(db, pkg.fileId) : undefined;
    if (!pkg || !file || file.state !== 'ready') throw notFound();
    return { row, pkg, file, platform: app.platform };
  }

  /** The token that shows this device downloaded the app (its reviews need one). */
  installToken(served: Served, deviceId: string, country: string | null): string {
    return issueInstallToken(this.deps.secrets, { appId: served.row.appId, deviceId, versionId: served.row.id, country }, this.deps.clock.now());
  }

  /** A download that completed, per day, version and country (and for the app's analytics). */
  count(served: Served, country: string): Promise<void> {
    return this.counts.download({ appId: served.row.appId, versionId: served.row.id, versionName: served.row.versionName ?? '', country, platform: served.platform });
  }
}
