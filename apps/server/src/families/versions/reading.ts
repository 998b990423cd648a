import type { MissingField, Version } from '@wharf/contract';
import { LISTING_MEDIA, listingImageProblem } from '@wharf/rules';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { notFound } from '../../platform/http/errors';
import { displayNames } from '../accounts/public';
import { type AppRow, type AppsService, appById } from '../apps/public';
import { teamImages } from '../files/public';
import { packageOfApp } from '../packages/public';
import { versionOut, type ExpansionOut, type Lang } from './present';
import { versionsRepo, type ListingRow, type VersionParts, type VersionRow } from './repo';
import { reviewTasks } from './review-tasks';

export interface Completeness {
  complete: boolean;
  missing: Array<{ field: MissingField; language?: string }>;
  versionCodeWarning: boolean;
}

/** A version with its parts and what it lacks (`VersionReads.facts`), to be said in a language. */
export interface VersionFacts {
  parts: VersionParts;
  expansion: ExpansionOut[] | undefined;
  completeness: Completeness;
}

/** The version page's answer from the facts, in the reader's language. */
export function presented(f: VersionFacts, lang: Lang, app: AppRow): { version: Version; completeness: Completeness } {
  return { version: versionOut(f.parts.row, f.parts.listings, lang, !app.everOnShelf, f.parts.urgedAt, f.expansion), completeness: f.completeness };
}

/** Versions as pages and reviewers read them: one, a page, the one being prepared, its history, what it lacks. */
export class VersionReads {
  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
  ) {}

  async present(db: Deps['db'] | Tx, row: VersionRow, lang: Lang, app?: AppRow, listings?: ListingRow[]): Promise<Version> {
    // Independent reads together: on the pool they overlap; a transaction's client takes them in turn.
    const [a, task, expansion, read] = await Promise.all([
      app ?? appById(db, row.teamId, row.appId),
      reviewTasks.openOf(db, row.id),
      this.expansionOf(db, row.appId, [row.id]),
      listings ?? versionsRepo.listings(db, [row.id]),
    ]);
    return versionOut(row, read, lang, !(a?.everOnShelf ?? false), task?.urgedAt ?? null, expansion.get(row.id));
  }

  /**
   * A version as it is now and what it still lacks, as the version page shows them: one
   * statement for the version and its parts (`versionsRepo.withParts`, unless given), then
   * only what other families keep (its images' facts, its expansion files' packages).
   */
  async withCompleteness(db: Deps['db'], row: VersionRow, lang: Lang, app: AppRow, read?: VersionParts): Promise<{ version: Version; completeness: Completeness }> {
    return presented(await this.facts(db, row, app, read), lang, app);
  }

  /** What `withCompleteness` answers, but in no language: the same for every reader of the version as it is. */
  async facts(db: Deps['db'], row: VersionRow, app: AppRow, read?: VersionParts): Promise<VersionFacts> {
    const parts = read ?? (await versionsRepo.withParts(db, row.appId, row.id));
    if (!parts) throw notFound({ zh: '版本不存在', en: 'No such version', ru: 'Такой версии нет' });
    const [expansion, completeness] = await Promise.all([
      parts.hasExpansion ? this.expansionOf(db, row.appId, [row.id]) : undefined,
      this.completeness(parts.row, app, parts.listings, { phase: parts.hasPhase, codeWarning: parts.codeWarning }),
    ]);
    return { parts, expansion: expansion?.get(row.id), completeness };
  }

  /** Expansion files of versions of one app, with their packages' names and sizes. */
  async expansionOf(db: Deps['db'] | Tx, appId: string, versionIds: string[]): Promise<Map<string, ExpansionOut[]>> {
    const out = new Map<string, ExpansionOut[]>();
    for (const e of await versionsRepo.expansionFiles(db, versionIds)) {
      const pkg = await packageOfApp(db, appId, e.packageId);
      if (pkg) out.set(e.versionId, [...(out.get(e.versionId) ?? []), { slot: e.slot as ExpansionOut['slot'], pkgId: pkg.id, fileName: pkg.fileName, size: pkg.size }]);
    }
    return out;
  }

  /** A version of an app the caller may see; 404 for other teams' apps and versions. */
  async find(caller: Caller, appId: string, versionId: string): Promise<{ app: AppRow; row: VersionRow }> {
    // Together: the version is read by its app's id, and nothing of it is answered unless the app is the caller's.
    const [app, row] = await Promise.all([this.apps.get(caller, appId), versionsRepo.byId(this.deps.db, appId, versionId)]);
    if (!row) throw notFound({ zh: '版本不存在', en: 'No such version', ru: 'Такой версии нет' });
    return { app, row };
  }

  async get(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const [app, parts] = await Promise.all([this.apps.get(caller, appId), versionsRepo.withParts(this.deps.db, appId, versionId)]);
    if (!parts) throw notFound({ zh: '版本不存在', en: 'No such version', ru: 'Такой версии нет' });
    return this.withCompleteness(this.deps.db, parts.row, lang, app, parts);
  }

  /** `known`: the phased release's presence and the versionCode warning, when read with the version. */
  async completeness(row: VersionRow, app: AppRow, read?: ListingRow[], known?: { phase: boolean; codeWarning: boolean }): Promise<Completeness> {
    const { db } = this.deps;
    const missing: Completeness['missing'] = [];
    if (!row.packageId && !row.noPackage) missing.push({ field: 'package' });
    if (!row.countries.length) missing.push({ field: 'countries' });
    if (!row.ageRating) missing.push({ field: 'ageRating' });
    const [listings, phase, versionCodeWarning] = await Promise.all([
      read ?? versionsRepo.listings(db, [row.id]),
      known ? known.phase : row.releaseType === 'phased' && versionsRepo.phase(db, row.id).then((p) => p !== undefined),
      known
        ? known.codeWarning
        : versionsRepo.current(db, row.appId).then((current) => !!current && current.id !== row.id && row.versionCode !== null && row.versionCode === current.versionCode),
    ]);
    if (!listings.some((l) => l.language === app.defaultLanguage)) missing.push({ field: 'defaultListing', language: app.defaultLanguage });
    // Images saved before the store's image rules were checked, or since replaced in storage.
    const images = new Map((await teamImages(this.deps, app.teamId, listings.flatMap((l) => [...(l.iconObjectId ? [l.iconObjectId] : []), ...l.screenshotObjectIds]))).map((f) => [f.id, f]));
    const fits = (place: 'icon' | 'screenshot', id: string) => {
      const file = images.get(id);
      return !!file && listingImageProblem(place, file) === null;
    };
    for (const l of listings) {
      for (const field of ['name', 'brief', 'description'] as const) if (!l[field].trim()) missing.push({ field, language: l.language });
      if (!l.iconObjectId) missing.push({ field: 'icon', language: l.language });
      else if (!fits('icon', l.iconObjectId)) missing.push({ field: 'iconImage', language: l.language });
      if (l.screenshotObjectIds.length < LISTING_MEDIA.screenshotsMin) missing.push({ field: 'screenshots', language: l.language });
      if (l.screenshotObjectIds.some((id) => !fits('screenshot', id))) missing.push({ field: 'screenshotImages', language: l.language });
    }
    if (row.releaseType === 'phased' && !phase) missing.push({ field: 'phasedRelease' });
    return { complete: missing.length === 0, missing, versionCodeWarning };
  }

  async list(caller: Caller, q: { appId: string; pageSize: number; cursor?: string | undefined; withTotal: boolean }, onlyReleased: boolean, lang: Lang) {
    const { db } = this.deps;
    const app = await this.apps.get(caller, q.appId);
    const rows = await versionsRepo.page(db, q.appId, { onlyReleased }, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: onlyReleased ? r.onShelfAt! : r.createdAt, id: r.id }));
    const listings = await versionsRepo.listings(db, page.map((r) => r.id));
    const expansion = await this.expansionOf(db, app.id, page.map((r) => r.id));
    return {
      items: page.map((r) => versionOut(r, listings, lang, !app.everOnShelf, null, expansion.get(r.id))),
      nextCursor,
      ...(q.withTotal ? { total: await versionsRepo.count(db, q.appId, { onlyReleased }) } : {}),
    };
  }

  async lastOnShelf(caller: Caller, appId: string, lang: Lang) {
    const app = await this.apps.get(caller, appId);
    const row = await versionsRepo.current(this.deps.db, appId);
    return { version: row ? await this.present(this.deps.db, row, lang, app) : null };
  }

  /** The one unreleased version (the database allows only one), so pages need not search for it. */
  async preparing(caller: Caller, appId: string, lang: Lang) {
    const app = await this.apps.get(caller, appId);
    const row = await versionsRepo.unreleased(this.deps.db, appId);
    if (!row) return { version: null, completeness: null };
    return this.withCompleteness(this.deps.db, row, lang, app);
  }

  async history(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { app, row } = await this.find(caller, appId, versionId);
    const events = await versionsRepo.events(this.deps.db, row.id);
    const names = await displayNames(this.deps.db, events.flatMap((e) => (e.actorId ? [e.actorId] : [])));
    return {
      version: await this.present(this.deps.db, row, lang, app),
      events: events.map((e) => ({
        action: e.action,
        fromState: e.fromState,
        toState: e.toState,
        actorKind: e.actorKind as 'user' | 'operator' | 'system',
        actorId: e.actorId,
        actorName: e.actorId ? (names.get(e.actorId) ?? null) : null,
        at: e.at.toISOString(),
        data: e.data,
      })),
    };
  }
}
