import type { StoreListing } from '@wharf/contract';
import { buildPath, versionApi } from '@wharf/contract';
import { languageByKey } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { AppError, notFound, type LocalisedText } from '../../platform/http/errors';
import { versionsRepo, type ListingRow, type VersionRow } from './repo';
import { offeredIn } from './distribution';
import { appById } from '../apps/public';
import { fileById } from '../files/public';
import { packageOfApp } from '../packages/public';

const NOT_IN_STORE: LocalisedText = { zh: '该应用未上架或已下架', en: 'This app is not available in the store', ru: 'Этого приложения нет в магазине' };

/**
 * The listing in the language asked for; else one of the same language (zhCN for zhHK);
 * else the app's default language; else any (a version on shelf has its default one).
 */
export function pickListing(listings: ListingRow[], asked: string | undefined, defaultLanguage: string): ListingRow | undefined {
  const exact = asked ? listings.find((l) => l.language === asked) : undefined;
  if (exact) return exact;
  const primary = asked ? languageByKey(asked)?.tag.split('-')[0] : undefined;
  const sameLanguage = primary ? listings.find((l) => languageByKey(l.language)?.tag.split('-')[0] === primary) : undefined;
  return sameLanguage ?? listings.find((l) => l.language === defaultLanguage) ?? listings[0];
}

/** An app the store does not show (unlisted, a phase with nothing before it): left out of lists. */
function notInStore(e: unknown): null {
  if (e instanceof AppError && e.retName === 'notFound') return null;
  throw e;
}

export const storeImagePath = (versionId: string, objectId: string) => buildPath(versionApi.storeImage, { versionId, objectId });

/**
 * The public store: what anyone may see of an app on shelf. Only the version every device
 * gets is shown — while a phased release runs that is the version before it — and only
 * its listing's images are served; drafts, versions in review and other files are
 * "not found", so the store never tells that they exist.
 */
export class StoreService {
  constructor(private readonly deps: Deps) {}

  get storage() {
    return this.deps.storage;
  }

  /** The version the store shows for the app now, or null. */
  async shown(appId: string): Promise<{ row: VersionRow; defaultLanguage: string; platform: string; packageName: string } | null> {
    const { db } = this.deps;
    const current = await versionsRepo.current(db, appId);
    if (!current) return null;
    const app = await appById(db, current.teamId, appId);
    if (!app?.listed) return null;
    const phase = current.releaseType === 'phased' ? await versionsRepo.phase(db, current.id) : undefined;
    const phasing = phase !== undefined && phase.state !== 'completed';
    const row = phasing ? await versionsRepo.previousOnShelf(db, appId, current.id) : current;
    return row ? { row, defaultLanguage: app.defaultLanguage, platform: app.platform, packageName: app.packageName } : null;
  }

  /** `country`: where the visitor is, when known (whether the version is offered there). */
  async app(appId: string, language: string | undefined, country?: string): Promise<StoreListing> {
    const { db } = this.deps;
    const shown = await this.shown(appId);
    const row = shown?.row;
    const pkg = row?.packageId ? await packageOfApp(db, appId, row.packageId) : undefined;
    const preRegistration = row?.noPackage === true;
    if (!shown || !row || !row.onShelfAt || (!preRegistration && (!pkg || row.versionCode === null))) throw notFound(NOT_IN_STORE);
    const listings = await versionsRepo.listings(db, [row.id]);
    const listing = pickListing(listings, language, shown.defaultLanguage);
    if (!listing) throw notFound(NOT_IN_STORE);
    return {
      appId,
      platform: shown.platform,
      packageName: shown.packageName,
      versionId: row.id,
      versionName: row.versionName,
      versionCode: row.versionCode,
      size: pkg?.size ?? null,
      sha256: pkg?.sha256 ?? null,
      preRegistration,
      packageKind: pkg?.kind ?? null,
      updatedAt: row.onShelfAt.toISOString(),
      language: listing.language,
      languages: listings.map((l) => l.language),
      name: listing.name,
      brief: listing.brief,
      description: listing.description,
      newFeatures: listing.newFeatures,
      iconUrl: listing.iconObjectId ? storeImagePath(row.id, listing.iconObjectId) : null,
      screenshotUrls: listing.screenshotObjectIds.map((id) => storeImagePath(row.id, id)),
      downloadUrl: pkg ? buildPath(versionApi.download, { versionId: row.id }) : null,
      offeredHere: offeredIn(row.countries, country),
    };
  }

  /** The store's front page: what each listed app's page shows, the most recently updated first. */
  async index(q: { language?: string | undefined; country?: string | undefined; pageSize: number; cursor?: string | undefined }) {
    const rows = await versionsRepo.currentPage(this.deps.db, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined, 'newestFirst');
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.onShelfAt!, id: r.id }));
    const shown = await Promise.all(page.map((current) => this.app(current.appId, q.language, q.country).catch(notInStore)));
    const items = shown.flatMap((a) => (a ? [{ appId: a.appId, platform: a.platform, language: a.language, name: a.name, brief: a.brief, iconUrl: a.iconUrl, preRegistration: a.preRegistration, offeredHere: a.offeredHere, updatedAt: a.updatedAt }] : []));
    return { items, nextCursor };
  }

  /** The partner stores' feed: apps in the store with a package, oldest release change first. */
  async alliance(q: { pageSize: number; cursor?: string | undefined }) {
    const rows = await versionsRepo.currentPage(this.deps.db, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.onShelfAt!, id: r.id }));
    const items = [];
    for (const current of page) {
      // What the store page shows (the version before a running phase); nothing for unlisted apps or pre-registration pages.
      const shown = await this.app(current.appId, undefined).catch(notInStore);
      if (!shown || shown.preRegistration || shown.versionCode === null || shown.size === null || !shown.sha256 || !shown.downloadUrl) continue;
      items.push({
        appId: shown.appId,
        platform: shown.platform,
        packageName: shown.packageName,
        versionId: shown.versionId,
        versionCode: shown.versionCode,
        versionName: shown.versionName,
        name: shown.name,
        brief: shown.brief,
        language: shown.language,
        size: shown.size,
        sha256: shown.sha256,
        iconUrl: shown.iconUrl,
        downloadUrl: shown.downloadUrl,
        changedAt: current.onShelfAt!.toISOString(),
      });
    }
    return { items, nextCursor };
  }

  /** An image of the shown version's listings (icon or screenshot, any language), or 404. */
  async image(versionId: string, objectId: string) {
    const { db } = this.deps;
    const version = await versionsRepo.byIdAnyApp(db, versionId);
    const shown = version ? await this.shown(version.appId) : null;
    if (!shown || shown.row.id !== versionId) throw notFound();
    const listings = await versionsRepo.listings(db, [versionId]);
    if (!listings.some((l) => l.iconObjectId === objectId || l.screenshotObjectIds.includes(objectId))) throw notFound();
    const file = await fileById(db, objectId);
    if (!file || file.state !== 'ready' || !file.contentType.startsWith('image/')) throw notFound();
    return file;
  }
}
