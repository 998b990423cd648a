import type { Version } from '@wharf/contract';
import { briefLimitOf, countryById, type AgeRating, languageByKey, LISTING_MEDIA, regionById, textLength, transition, URGE_INTERVAL_MS, type ReleaseState } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import { faultPoint } from '../../platform/fault-points';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { AppError, conflict, invalidInput, notFound } from '../../platform/http/errors';
import { usersRepo } from '../accounts/repo/users';
import { AgreementsService } from '../agreements/service';
import { appsRepo, type AppRow } from '../apps/repo';
import { AppsService } from '../apps/service';
import { filesRepo } from '../files/repo';
import { parseObbName } from '../packages/parsers';
import { packagesRepo } from '../packages/repo';
import { PhasedService } from './phased';
import { VersionTransitions, type Actor } from './transitions';
import { noRollbackRefusal, stateRefusal, versionOut, type ExpansionOut, type Lang } from './present';
import { versionsRepo, type ListingEdit, type ListingRow, type VersionRow } from './repo';

export const RELEASE_KIND = 'versions.release';
export const releaseKey = (versionId: string) => `version-release:${versionId}`;

export type { Actor } from './transitions';

export const SYSTEM: Actor = { kind: 'system', id: null, ip: null };

export interface VersionEdit {
  pkgId?: string | null | undefined;
  listings?: ListingEdit[] | undefined;
  countries?: string[] | undefined;
  regions?: string[] | undefined;
  releaseType?: 'full' | 'phased' | undefined;
  releaseAt?: string | null | undefined;
  reviewNotes?: string | null | undefined;
  testAccount?: { account: string; password: string } | null | undefined;
  ageRating?: AgeRating | null | undefined;
  /** The versionCode and name a developer gives an EXE (it carries none). */
  packageVersion?: { versionCode: number; versionName?: string | undefined } | undefined;
  /** A first release without a package (pre-registration). */
  noPackage?: boolean | undefined;
  /** Expansion files (OBB) of an APK version, by slot. */
  expansion?: { main: string | null; patch: string | null } | undefined;
}

export interface Completeness {
  complete: boolean;
  missing: Array<{ field: 'package' | 'countries' | 'ageRating' | 'defaultListing' | 'name' | 'brief' | 'description' | 'icon' | 'screenshots' | 'phasedRelease'; language?: string }>;
  versionCodeWarning: boolean;
}

const actorOf = (caller: Caller): Actor => ({ kind: caller.kind === 'operator' ? 'operator' : 'user', id: caller.userId, ip: caller.ip });

/**
 * Versions of an app and every change of their release state. Each change is one
 * transaction that locks the version row, checks the transition table, writes the new
 * state, a history event and an audit event.
 */
export class VersionsService {
  readonly apps: AppsService;
  readonly phased: PhasedService;
  private readonly agreements: AgreementsService;
  readonly move: VersionTransitions['move'];
  readonly record: VersionTransitions['record'];
  private readonly write: VersionTransitions['write'];

  constructor(private readonly deps: Deps) {
    const transitions = new VersionTransitions(deps);
    this.move = transitions.move.bind(transitions);
    this.record = transitions.record.bind(transitions);
    this.write = transitions.write.bind(transitions);
    this.apps = new AppsService(deps);
    this.agreements = new AgreementsService(deps);
    this.phased = new PhasedService(deps, this);
  }

  // ---- reading ----

  async present(db: Deps['db'] | Tx, row: VersionRow, lang: Lang, app?: AppRow, listings?: ListingRow[]): Promise<Version> {
    // Independent reads together: on the pool they overlap; a transaction's client takes them in turn.
    const [a, task, expansion, read] = await Promise.all([
      app ?? appsRepo.byId(db, row.teamId, row.appId),
      versionsRepo.openTask(db, row.id),
      this.expansionOf(db, row.appId, [row.id]),
      listings ?? versionsRepo.listings(db, [row.id]),
    ]);
    return versionOut(row, read, lang, !(a?.everOnShelf ?? false), task?.urgedAt ?? null, expansion.get(row.id));
  }

  /** A version and what it still lacks, as the version page shows them; its listings are read once for both. */
  async withCompleteness(db: Deps['db'], row: VersionRow, lang: Lang, app: AppRow): Promise<{ version: Version; completeness: Completeness }> {
    const listings = await versionsRepo.listings(db, [row.id]);
    const [version, completeness] = await Promise.all([this.present(db, row, lang, app, listings), this.completeness(row, app, listings)]);
    return { version, completeness };
  }

  /** Expansion files of versions of one app, with their packages' names and sizes. */
  async expansionOf(db: Deps['db'] | Tx, appId: string, versionIds: string[]): Promise<Map<string, ExpansionOut[]>> {
    const out = new Map<string, ExpansionOut[]>();
    for (const e of await versionsRepo.expansionFiles(db, versionIds)) {
      const pkg = await packagesRepo.byId(db, appId, e.packageId);
      if (pkg) out.set(e.versionId, [...(out.get(e.versionId) ?? []), { slot: e.slot as ExpansionOut['slot'], pkgId: pkg.id, fileName: pkg.fileName, size: pkg.size }]);
    }
    return out;
  }

  /** A version of an app the caller may see; 404 for other teams' apps and versions. */
  async find(caller: Caller, appId: string, versionId: string): Promise<{ app: AppRow; row: VersionRow }> {
    const app = await this.apps.get(caller, appId);
    const row = await versionsRepo.byId(this.deps.db, appId, versionId);
    if (!row) throw notFound({ zh: '版本不存在', en: 'No such version' });
    return { app, row };
  }

  async get(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { app, row } = await this.find(caller, appId, versionId);
    return this.withCompleteness(this.deps.db, row, lang, app);
  }

  async completeness(row: VersionRow, app: AppRow, read?: ListingRow[]): Promise<Completeness> {
    const { db } = this.deps;
    const missing: Completeness['missing'] = [];
    if (!row.packageId && !row.noPackage) missing.push({ field: 'package' });
    if (!row.countries.length) missing.push({ field: 'countries' });
    if (!row.ageRating) missing.push({ field: 'ageRating' });
    const [listings, phase, current] = await Promise.all([
      read ?? versionsRepo.listings(db, [row.id]),
      row.releaseType === 'phased' ? versionsRepo.phase(db, row.id) : undefined,
      versionsRepo.current(db, row.appId),
    ]);
    if (!listings.some((l) => l.language === app.defaultLanguage)) missing.push({ field: 'defaultListing', language: app.defaultLanguage });
    for (const l of listings) {
      for (const field of ['name', 'brief', 'description'] as const) if (!l[field].trim()) missing.push({ field, language: l.language });
      if (!l.iconObjectId) missing.push({ field: 'icon', language: l.language });
      if (l.screenshotObjectIds.length < LISTING_MEDIA.screenshotsMin) missing.push({ field: 'screenshots', language: l.language });
    }
    if (row.releaseType === 'phased' && !phase) missing.push({ field: 'phasedRelease' });
    const versionCodeWarning = !!current && current.id !== row.id && row.versionCode !== null && row.versionCode === current.versionCode;
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
    const actorIds = [...new Set(events.flatMap((e) => (e.actorId ? [e.actorId] : [])))];
    const names = new Map((await Promise.all(actorIds.map((id) => usersRepo.byId(this.deps.db, id)))).flatMap((u) => (u ? [[u.id, u.displayName] as const] : [])));
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

  // ---- the transition engine (transitions.ts) ----

  /**
   * Puts a version on shelf: the previous on-shelf version becomes history first (one
   * version on shelf per app), the app is listed, a pending scheduled release is dropped.
   */
  async goOnShelf(tx: Tx, row: VersionRow, action: 'approve' | 'releaseNow' | 'release', actor: Actor, data: Record<string, unknown> = {}): Promise<VersionRow> {
    const now = this.deps.clock.now();
    const previous = await versionsRepo.current(tx, row.appId);
    if (previous && previous.id !== row.id) {
      await versionsRepo.update(tx, previous.id, { supersededAt: now, rollbackPending: false, updatedAt: now });
      const open = await versionsRepo.openTask(tx, previous.id);
      if (open) await versionsRepo.updateTask(tx, open.id, { state: 'withdrawn', decidedAt: now });
      await this.record(tx, previous, 'superseded', actor, previous.releaseState, previous.releaseState, { by: row.id });
    }
    const updated = await this.move(tx, row, action, actor, { set: { onShelfAt: now, rejection: null }, data });
    await this.deps.dueActions.cancel(tx, releaseKey(row.id));
    if (updated.releaseType === 'phased') await this.phased.onShelf(tx, updated, actor);
    // On shelf means released, whatever the development status said before.
    await appsRepo.update(tx, row.appId, { everOnShelf: true, listed: true, developStatus: 'released', updatedAt: now });
    return updated;
  }

  // ---- editing ----

  async create(caller: Caller, appId: string, lang: Lang): Promise<{ version: Version; created: boolean }> {
    const { db, clock } = this.deps;
    const app = await this.apps.get(caller, appId);
    const existing = await versionsRepo.unreleased(db, appId);
    if (existing) return { version: await this.present(db, existing, lang, app), created: false };
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      // An update starts from the last released version's listing and settings.
      const base = (await versionsRepo.current(tx, appId)) ?? (await versionsRepo.page(tx, appId, { onlyReleased: true }, 1))[0];
      const row = await versionsRepo.insert(tx, {
        teamId: app.teamId,
        appId,
        releaseState: 7,
        releaseType: 'full',
        countries: base?.countries ?? [],
        reviewNotes: base?.reviewNotes ?? null,
        testAccount: base?.testAccount ?? null,
        ageRating: base?.ageRating ?? null,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) return null;
      for (const l of base ? await versionsRepo.listings(tx, [base.id]) : []) {
        await versionsRepo.upsertListing(tx, { ...l, versionId: row.id, updatedAt: now });
      }
      // And keeps its expansion files, as Play Console offers to: they go with the next APK
      // (choosing an AAB drops them, and the package card can change them).
      const obbs = base ? await versionsRepo.expansionFiles(tx, [base.id]) : [];
      if (obbs.length) await versionsRepo.setExpansionFiles(tx, row.id, obbs.map((e) => ({ slot: e.slot, packageId: e.packageId })));
      await this.record(tx, row, 'create', actorOf(caller), null, 7, base ? { from: base.id } : {});
      return row;
    });
    if (!result) {
      // Another request created it a moment ago.
      const raced = await versionsRepo.unreleased(db, appId);
      return { version: await this.present(db, raced!, lang, app), created: false };
    }
    return { version: await this.present(db, result, lang, app), created: true };
  }

  async update(caller: Caller, appId: string, versionId: string, edit: VersionEdit, lang: Lang) {
    const { db, clock } = this.deps;
    const { app, row } = await this.find(caller, appId, versionId);
    const now = clock.now();
    const set: Partial<VersionRow> = {};
    if (edit.pkgId !== undefined) Object.assign(set, await this.packageFields(row, edit.pkgId, edit.packageVersion));
    if (edit.noPackage === true) {
      if (app.everOnShelf) throw conflict({ zh: '应用已经上架过，更新版本必须包含软件包', en: 'The app has been on shelf; an update needs a package' });
      Object.assign(set, { noPackage: true, packageId: null, versionCode: null, versionName: null });
    } else if (edit.noPackage === false) set.noPackage = false;
    const expansion = await this.expansionFields(app, row, set, edit.expansion);
    if (edit.countries !== undefined || edit.regions !== undefined) {
      const given = edit.countries ?? (edit.regions ? [] : row.countries);
      const unknown = given.find((c) => !countryById(c));
      if (unknown) throw invalidInput({ zh: `参数不合法：countries 中的 ${unknown} 不是已知的国家或地区`, en: `Invalid input: countries: ${unknown} is not a known country or region` });
      const fromRegions = (edit.regions ?? []).flatMap((id) => regionById(id)?.countries ?? []);
      set.countries = [...new Set([...given, ...fromRegions])].sort();
    }
    if (edit.releaseType !== undefined) set.releaseType = edit.releaseType;
    if (edit.releaseAt !== undefined) {
      const at = edit.releaseAt === null ? null : new Date(edit.releaseAt);
      if (at && at.getTime() <= now.getTime()) throw invalidInput({ zh: '参数不合法：releaseAt 必须是将来的时间', en: 'Invalid input: releaseAt must be in the future' });
      set.releaseAt = at;
    }
    if (edit.reviewNotes !== undefined) set.reviewNotes = edit.reviewNotes;
    if (edit.testAccount !== undefined) set.testAccount = edit.testAccount;
    if (edit.ageRating !== undefined) set.ageRating = edit.ageRating;
    (edit.listings ?? []).forEach((l, i) => {
      if (!languageByKey(l.language)) throw invalidInput({ zh: `参数不合法：listings[${i}].language 不在语言目录中`, en: `Invalid input: listings[${i}].language ${l.language} is not in the language catalogue` });
      const limit = briefLimitOf(l.language);
      if (l.brief !== undefined && textLength(l.brief) > limit) {
        throw invalidInput({ zh: `参数不合法：listings[${i}].brief 最多 ${limit} 个字符`, en: `Invalid input: listings[${i}].brief is at most ${limit} characters in ${l.language}` });
      }
    });
    await this.assertMedia(app.teamId, edit.listings ?? []);
    const fields = Object.keys(edit).filter((k) => (edit as Record<string, unknown>)[k] !== undefined);
    const updated = await this.write(row.id, async (tx, optimistic) => {
      // The version's statement first (its lock before the listings').
      const moved = await this.move(tx, row, 'edit', actorOf(caller), { set, data: { fields }, optimistic });
      if (expansion) await versionsRepo.setExpansionFiles(tx, row.id, expansion);
      for (const l of edit.listings ?? []) await versionsRepo.mergeListing(tx, row.id, l, now);
      return moved;
    });
    return this.withCompleteness(db, updated, lang, app);
  }

  /** Listing media are uploaded files of the app's team, finished, and images or videos as their place needs. */
  private async assertMedia(teamId: string, listings: NonNullable<VersionEdit['listings']>): Promise<void> {
    const wanted = listings.flatMap((l, i) => [
      ...(l.iconObjectId ? [{ id: l.iconObjectId, field: `listings[${i}].iconObjectId`, kind: 'image/' }] : []),
      ...(l.screenshotObjectIds ?? []).map((id) => ({ id, field: `listings[${i}].screenshotObjectIds`, kind: 'image/' })),
      ...(l.videoObjectIds ?? []).map((id) => ({ id, field: `listings[${i}].videoObjectIds`, kind: 'video/' })),
    ]);
    if (!wanted.length) return;
    const found = new Map((await filesRepo.ofTeam(this.deps.db, teamId, [...new Set(wanted.map((w) => w.id))])).map((f) => [f.id, f]));
    for (const w of wanted) {
      const file = found.get(w.id);
      if (!file || file.state !== 'ready') throw invalidInput({ zh: `参数不合法：${w.field} 中的文件 ${w.id} 不存在`, en: `Invalid input: ${w.field}: no uploaded file ${w.id}` });
      if (!file.contentType.startsWith(w.kind)) {
        throw invalidInput({ zh: `参数不合法：${w.field} 需要${w.kind === 'image/' ? '图片' : '视频'}文件`, en: `Invalid input: ${w.field}: ${file.fileName} is not ${w.kind === 'image/' ? 'an image' : 'a video'}` });
      }
    }
  }

  /** The package's facts for the version, after the versionCode rule (never below the on-shelf one). */
  private async packageFields(row: VersionRow, pkgId: string | null, given?: VersionEdit['packageVersion']): Promise<Partial<VersionRow>> {
    if (pkgId === null) return { packageId: null, versionCode: null, versionName: null };
    const pkg = await packagesRepo.byId(this.deps.db, row.appId, pkgId);
    if (!pkg) throw notFound({ zh: '软件包不存在', en: 'No such package' });
    if (pkg.parseState === 0 && pkg.kind === 'obb') {
      throw invalidInput({ zh: '参数不合法：pkgId 是扩展文件（OBB），不是应用的软件包；请作为扩展文件添加', en: "Invalid input: pkgId: an OBB is an expansion file, not the app's package; attach it as an expansion file" });
    }
    if (pkg.parseState === 0 && pkg.kind === 'exe' && !given) {
      throw invalidInput({ zh: '参数不合法：EXE 安装包不带 versionCode，请为其指定版本号', en: 'Invalid input: pkgId: an EXE carries no versionCode; give it one with the installer' });
    }
    const versionCode = pkg.kind === 'exe' ? (given?.versionCode ?? null) : pkg.versionCode;
    if (pkg.parseState !== 0 || versionCode === null) {
      throw conflict({ zh: '软件包尚未解析成功，不能使用', en: 'The package has not been parsed successfully; it cannot be used' });
    }
    const current = await versionsRepo.current(this.deps.db, row.appId);
    if (current?.versionCode != null && versionCode < current.versionCode) {
      throw invalidInput({
        zh: `参数不合法：pkgId 的 versionCode ${versionCode} 低于已上架版本的 ${current.versionCode}`,
        en: `Invalid input: pkgId: versionCode ${versionCode} is lower than the on-shelf version's ${current.versionCode}`,
      });
    }
    return { packageId: pkg.id, versionCode, versionName: given?.versionName ?? pkg.versionName, noPackage: false };
  }

  /**
   * The expansion files the edit leaves the version with: those given, checked; none when
   * the package becomes anything but an APK (an AAB carries asset packs instead); else
   * undefined, unchanged.
   */
  private async expansionFields(app: AppRow, row: VersionRow, set: Partial<VersionRow>, given: VersionEdit['expansion']): Promise<Array<{ slot: string; packageId: string }> | undefined> {
    const { db } = this.deps;
    const mainId = set.packageId !== undefined ? set.packageId : row.packageId;
    const main = mainId ? await packagesRepo.byId(db, app.id, mainId) : undefined;
    if (!given) return set.packageId !== undefined && main?.kind !== 'apk' ? [] : undefined;
    const wanted = (['main', 'patch'] as const).flatMap((slot) => (given[slot] ? [{ slot, id: given[slot] }] : []));
    if (!wanted.length) return [];
    if (app.platform !== 'android') throw invalidInput({ zh: '参数不合法：扩展文件（OBB）仅适用于 Android 应用', en: 'Invalid input: expansion files (OBB) are for Android apps' });
    if (main?.kind !== 'apk') {
      throw conflict({ zh: '扩展文件需要与 APK 一起发布：请先为版本选择 APK（AAB 使用资源包）', en: 'Expansion files go with an APK: choose the APK for the version first (an AAB carries asset packs instead)' });
    }
    if (given.patch && !given.main) throw invalidInput({ zh: '参数不合法：patch 需要同时提供 main 扩展文件', en: 'Invalid input: patch: a patch file needs a main file' });
    const out: Array<{ slot: string; packageId: string }> = [];
    for (const w of wanted) {
      const pkg = await packagesRepo.byId(db, app.id, w.id);
      if (!pkg) throw notFound({ zh: `${w.slot}：软件包不存在`, en: `${w.slot}: no such package` });
      const name = parseObbName(pkg.fileName);
      if (pkg.kind !== 'obb' || pkg.parseState !== 0 || !name) {
        throw invalidInput({ zh: `参数不合法：${w.slot}：${pkg.fileName} 不是已解析的 OBB 扩展文件`, en: `Invalid input: ${w.slot}: ${pkg.fileName} is not a parsed OBB expansion file` });
      }
      if (name.type !== w.slot) throw invalidInput({ zh: `参数不合法：${w.slot}：${pkg.fileName} 是 ${name.type} 扩展文件`, en: `Invalid input: ${w.slot}: ${pkg.fileName} is a ${name.type} expansion file` });
      out.push({ slot: w.slot, packageId: pkg.id });
    }
    return out;
  }

  async remove(caller: Caller, appId: string, versionId: string): Promise<void> {
    const { clock } = this.deps;
    const { row } = await this.find(caller, appId, versionId);
    await this.write(row.id, async (tx) => {
      const locked = (await versionsRepo.lock(tx, row.id))!;
      const r = transition(locked.releaseState as ReleaseState, 'delete', { rollbackPending: false, firstRelease: false, releaseTimeAhead: false });
      if (!r.ok || locked.supersededAt) throw conflict(stateRefusal(locked));
      await versionsRepo.remove(tx, row.id);
      await writeAudit(tx, clock, { action: 'version.delete', teamId: row.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'version', targetId: row.id, data: { appId, from: locked.releaseState } });
    });
  }

  async removeLanguage(caller: Caller, appId: string, versionId: string, language: string, lang: Lang) {
    const { db } = this.deps;
    const { app, row } = await this.find(caller, appId, versionId);
    const updated = await this.write(row.id, async (tx) => {
      const moved = await this.move(tx, row, 'edit', actorOf(caller), { data: { removedLanguage: language } });
      if (!(await versionsRepo.removeListing(tx, row.id, language))) throw notFound({ zh: `该版本没有 ${language} 语言的信息`, en: `The version has no ${language} listing` });
      return moved;
    });
    return this.withCompleteness(db, updated, lang, app);
  }

  // ---- developer transitions ----

  async submit(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { db, clock, config } = this.deps;
    const { app, row } = await this.find(caller, appId, versionId);
    const check = await this.completeness(row, app);
    if (!check.complete) {
      const list = check.missing.map((m) => (m.language ? `${m.field} (${m.language})` : m.field)).join(', ');
      throw conflict({ zh: `版本信息不完整，缺少：${list}`, en: `The version is not complete; missing: ${list}` });
    }
    if (row.packageId) await this.packageFields(row, row.packageId);
    if (row.releaseType === 'phased') await this.assertPhaseable(appId);
    await this.agreements.assertSigned(db, row.teamId);
    const now = clock.now();
    const updated = await this.write(row.id, async (tx) => {
      const submitted = await this.move(tx, row, 'submit', actorOf(caller), { firstRelease: !app.everOnShelf, set: { submittedAt: now, rejection: null } });
      const task = await versionsRepo.insertTask(tx, { versionId: row.id, appId, teamId: row.teamId, kind: app.everOnShelf ? 'update' : 'release', submittedAt: now });
      if (!config.autoApprove) return submitted;
      return (await this.decideInTx(tx, task.id, { decision: 'approve', reasons: [] }, SYSTEM)).version;
    });
    faultPoint('versions.submit.afterCommit');
    return { version: await this.present(db, updated, lang) };
  }

  /** Only an app with a version fully on shelf can phase a newer one, one phase at a time. */
  private async assertPhaseable(appId: string): Promise<void> {
    const current = await versionsRepo.current(this.deps.db, appId);
    const phase = current?.releaseType === 'phased' ? await versionsRepo.phase(this.deps.db, current.id) : undefined;
    if (!current || (current.releaseType === 'phased' && phase?.state !== 'completed')) {
      throw conflict({ zh: '只有已全量上架版本的应用才能分阶段发布新版本', en: 'A phased release needs a version fully on shelf first (and one phased release at a time)' });
    }
    // Devices outside the phase keep the current version: a pre-registration page gives them nothing to keep.
    if (current.noPackage) throw conflict({ zh: '在架版本没有软件包（预约页面），新版本需要全量发布', en: 'The version on shelf has no package (a pre-registration page); release the next one in full' });
  }

  async cancelOnShelf(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.find(caller, appId, versionId);
    const updated = await this.write(row.id, async (tx) => {
      const moved = await this.move(tx, row, 'cancelOnShelf', actorOf(caller));
      const open = await versionsRepo.openTask(tx, row.id);
      if (open) await versionsRepo.updateTask(tx, open.id, { state: 'withdrawn', decidedAt: clock.now() });
      await this.deps.dueActions.cancel(tx, releaseKey(row.id));
      return moved;
    });
    return { version: await this.present(db, updated, lang) };
  }

  async onShelfTime(caller: Caller, appId: string, versionId: string, input: { releaseAt?: string | undefined; now?: boolean | undefined }, lang: Lang) {
    const { db, clock, dueActions } = this.deps;
    const { row } = await this.find(caller, appId, versionId);
    const updated = await this.write(row.id, async (tx) => {
      if (input.now) return this.goOnShelf(tx, row, 'releaseNow', actorOf(caller));
      const at = new Date(input.releaseAt!);
      if (at.getTime() <= clock.now().getTime()) throw invalidInput({ zh: '参数不合法：releaseAt 必须是将来的时间', en: 'Invalid input: releaseAt must be in the future' });
      const moved = await this.move(tx, row, 'changeReleaseTime', actorOf(caller), { set: { releaseAt: at }, data: { releaseAt: at.toISOString() } });
      await dueActions.schedule(tx, { kind: RELEASE_KIND, dueAt: at, payload: { versionId: row.id }, dedupeKey: releaseKey(row.id) });
      return moved;
    });
    return { version: await this.present(db, updated, lang) };
  }

  /** Opens a reviewed request (shelf-off, rollback) on an on-shelf version. */
  async request(caller: Caller, appId: string, versionId: string, kind: 'shelfOff' | 'rollback', reason: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.find(caller, appId, versionId);
    const now = clock.now();
    const updated = await this.write(row.id, async (tx) => {
      let moved: VersionRow;
      if (kind === 'rollback') {
        const phase = row.releaseType === 'phased' ? await versionsRepo.phase(tx, row.id) : undefined;
        if (phase && phase.state !== 'completed') {
          throw conflict({ zh: '分阶段发布的版本请使用终止分阶段发布', en: 'A version in phased release is not rolled back this way; terminate its phased release (ROLLBACK) instead' });
        }
        moved = await this.move(tx, row, 'requestRollback', actorOf(caller), { set: { rollbackPending: true }, data: { reason } });
        if (!(await versionsRepo.previousOnShelf(tx, row.appId, row.id))) {
          throw conflict({ zh: '没有可以回退到的上一个上架版本', en: 'There is no previous on-shelf version to roll back to' });
        }
      } else {
        moved = await this.move(tx, row, 'requestShelfOff', actorOf(caller), { data: { reason } });
      }
      const task = await versionsRepo.insertTask(tx, { versionId: row.id, appId, teamId: row.teamId, kind, reason, submittedAt: now });
      if (!this.deps.config.autoApprove) return moved;
      return (await this.decideInTx(tx, task.id, { decision: 'approve', reasons: [] }, SYSTEM)).version;
    });
    return { version: await this.present(db, updated, lang) };
  }

  async cancelShelfOff(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.find(caller, appId, versionId);
    const updated = await this.write(row.id, async (tx) => {
      const moved = await this.move(tx, row, 'cancelShelfOff', actorOf(caller));
      const open = await versionsRepo.openTask(tx, row.id);
      if (open) await versionsRepo.updateTask(tx, open.id, { state: 'withdrawn', decidedAt: clock.now() });
      return moved;
    });
    return { version: await this.present(db, updated, lang) };
  }

  /** Withdraws the rollback request under review: the version stays on shelf, its task is withdrawn. */
  async cancelRollback(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.find(caller, appId, versionId);
    const updated = await this.write(row.id, async (tx) => {
      const locked = (await versionsRepo.lock(tx, row.id)) ?? row;
      // Name the state: there is nothing to withdraw unless a rollback is under review.
      if (!locked.supersededAt && !locked.rollbackPending) throw conflict(noRollbackRefusal(locked));
      const moved = await this.move(tx, locked, 'cancelRollback', actorOf(caller), { set: { rollbackPending: false } });
      const open = await versionsRepo.openTask(tx, row.id);
      if (open?.kind === 'rollback') await versionsRepo.updateTask(tx, open.id, { state: 'withdrawn', decidedAt: clock.now() });
      return moved;
    });
    return { version: await this.present(db, updated, lang) };
  }

  async urge(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.find(caller, appId, versionId);
    const now = clock.now();
    const updated = await this.write(row.id, async (tx) => {
      const moved = await this.move(tx, row, 'urge', actorOf(caller));
      const open = await versionsRepo.openTask(tx, row.id);
      if (!open) throw conflict({ zh: '没有待审核的任务', en: 'There is no open review to urge' });
      if (open.urgedAt && now.getTime() - open.urgedAt.getTime() < URGE_INTERVAL_MS) {
        const next = new Date(open.urgedAt.getTime() + URGE_INTERVAL_MS);
        throw new AppError(
          'rateLimited',
          { zh: `每天只能催审一次，下次可在 ${next.toISOString()} 之后催审`, en: `A review can be urged once a day; next possible at ${next.toISOString()}` },
          { 'Retry-After': String(Math.ceil((next.getTime() - now.getTime()) / 1000)) },
        );
      }
      await versionsRepo.updateTask(tx, open.id, { urgedAt: now });
      return moved;
    });
    return { version: await this.present(db, updated, lang) };
  }

  // ---- reviewer decisions ----

  /** Decides an open task; the caller holds the transaction. */
  async decideInTx(tx: Tx, taskId: string, d: { decision: 'approve' | 'reject'; releaseAt?: string | undefined; reasons: string[]; comment?: string | undefined }, actor: Actor): Promise<{ version: VersionRow; task: Awaited<ReturnType<typeof versionsRepo.task>> }> {
    const { clock, dueActions } = this.deps;
    const now = clock.now();
    const found = await versionsRepo.task(tx, taskId);
    if (!found) throw notFound({ zh: '审核任务不存在', en: 'No such review task' });
    // The version lock orders this decision after any developer change of the same version.
    const row = await versionsRepo.lock(tx, found.versionId);
    if (!row || !(await appsRepo.byId(tx, found.teamId, found.appId))) throw notFound({ zh: '该任务的应用或版本已被删除', en: 'The app or version of this task was deleted' });
    const task = (await versionsRepo.task(tx, taskId))!;
    if (task.state !== 'open') throw conflict({ zh: `审核任务已处理（${task.state}）`, en: `The review task is already ${task.state}` });
    const approve = d.decision === 'approve';
    const data = { taskId, reasons: d.reasons, comment: d.comment ?? null };
    let version: VersionRow;
    switch (task.kind) {
      case 'release':
      case 'update': {
        if (approve) {
          const releaseAt = d.releaseAt ? new Date(d.releaseAt) : row.releaseAt;
          const ahead = !!releaseAt && releaseAt.getTime() > now.getTime();
          if (ahead) {
            version = await this.move(tx, row, 'approve', actor, { releaseTimeAhead: true, set: { releaseAt, rejection: null }, data: { ...data, releaseAt: releaseAt.toISOString() } });
            await dueActions.schedule(tx, { kind: RELEASE_KIND, dueAt: releaseAt, payload: { versionId: row.id }, dedupeKey: releaseKey(row.id) });
          } else {
            version = await this.goOnShelf(tx, row, 'approve', actor, data);
          }
        } else {
          version = await this.move(tx, row, 'reject', actor, { set: { rejection: { reasons: d.reasons, comment: d.comment ?? null, at: now.toISOString() } }, data });
        }
        break;
      }
      case 'shelfOff': {
        if (approve) {
          // The app leaves the store; the version becomes history and a new version starts from it.
          version = await this.move(tx, row, 'approveShelfOff', actor, { set: { supersededAt: now }, data });
          await appsRepo.update(tx, row.appId, { listed: false, updatedAt: now });
        } else {
          version = await this.move(tx, row, 'rejectShelfOff', actor, { data: { ...data, via: 9 } });
        }
        break;
      }
      case 'rollback': {
        if (approve) {
          const previous = await versionsRepo.previousOnShelf(tx, row.appId, row.id);
          if (!previous) throw conflict({ zh: '没有可以回退到的上一个上架版本', en: 'There is no previous on-shelf version to roll back to' });
          version = await this.move(tx, row, 'approveRollback', actor, { set: { rollbackPending: false, supersededAt: now }, data: { ...data, to: previous.id } });
          const restored = await versionsRepo.update(tx, previous.id, { supersededAt: null, updatedAt: now });
          await this.record(tx, restored, 'restoredByRollback', actor, 0, 0, { from: row.id });
        } else {
          version = await this.move(tx, row, 'rejectRollback', actor, { set: { rollbackPending: false }, data });
        }
        break;
      }
      default:
        throw new Error(`unknown task kind ${task.kind}`);
    }
    const decided = await versionsRepo.updateTask(tx, task.id, { state: approve ? 'approved' : 'rejected', reviewerId: actor.id, decidedAt: now, reasons: d.reasons, comment: d.comment ?? null });
    return { version, task: decided };
  }
}
