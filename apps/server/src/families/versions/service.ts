import type { Version } from '@wharf/contract';
import { LISTING_MEDIA, RELEASE_STATE, type ReleaseState, transition, URGE_INTERVAL_MS } from '@wharf/rules';
import { auditActor, writeAudit } from '../../platform/audit';
import { faultPoint } from '../../platform/fault-points';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { AppError, conflict, invalidInput, notFound } from '../../platform/http/errors';
import { displayNames } from '../accounts/public';
import { AgreementsService } from '../agreements/public';
import { PhasedService } from './phased';
import { actorOf, VersionTransitions, type Actor } from './transitions';
import { noRollbackRefusal, stateRefusal, versionOut, type ExpansionOut, type Lang } from './present';
import { versionsRepo, type ListingRow, type VersionRow } from './repo';

import { RELEASE_KIND, releaseKey, VersionDecisions } from './decisions';
import { packageFields, VersionEdits } from './edits';
import { type AppRow, AppsService, appById } from '../apps/public';
import { packageOfApp } from '../packages/public';

export { RELEASE_KIND, releaseKey };
export type { Actor } from './transitions';
export type { VersionEdit } from './edits';

export const SYSTEM: Actor = { kind: 'system', id: null, ip: null };

export interface Completeness {
  complete: boolean;
  missing: Array<{ field: 'package' | 'countries' | 'ageRating' | 'defaultListing' | 'name' | 'brief' | 'description' | 'icon' | 'screenshots' | 'phasedRelease'; language?: string }>;
  versionCodeWarning: boolean;
}

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
  readonly update: VersionEdits['update'];
  readonly goOnShelf: VersionDecisions['goOnShelf'];
  readonly decideInTx: VersionDecisions['decideInTx'];

  constructor(private readonly deps: Deps) {
    const transitions = new VersionTransitions(deps);
    this.move = transitions.move.bind(transitions);
    this.record = transitions.record.bind(transitions);
    this.write = transitions.write.bind(transitions);
    this.apps = new AppsService(deps);
    this.agreements = new AgreementsService(deps);
    this.phased = new PhasedService(deps, this);
    const edits = new VersionEdits(deps, { find: this.find.bind(this), withCompleteness: this.withCompleteness.bind(this), write: this.write, move: this.move });
    this.update = edits.update.bind(edits);
    const decisions = new VersionDecisions(deps, transitions, this.phased);
    this.goOnShelf = decisions.goOnShelf.bind(decisions);
    this.decideInTx = decisions.decideInTx.bind(decisions);
  }

  // ---- reading ----

  async present(db: Deps['db'] | Tx, row: VersionRow, lang: Lang, app?: AppRow, listings?: ListingRow[]): Promise<Version> {
    // Independent reads together: on the pool they overlap; a transaction's client takes them in turn.
    const [a, task, expansion, read] = await Promise.all([
      app ?? appById(db, row.teamId, row.appId),
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
      const pkg = await packageOfApp(db, appId, e.packageId);
      if (pkg) out.set(e.versionId, [...(out.get(e.versionId) ?? []), { slot: e.slot as ExpansionOut['slot'], pkgId: pkg.id, fileName: pkg.fileName, size: pkg.size }]);
    }
    return out;
  }

  /** A version of an app the caller may see; 404 for other teams' apps and versions. */
  async find(caller: Caller, appId: string, versionId: string): Promise<{ app: AppRow; row: VersionRow }> {
    const app = await this.apps.get(caller, appId);
    const row = await versionsRepo.byId(this.deps.db, appId, versionId);
    if (!row) throw notFound({ zh: '版本不存在', en: 'No such version', ru: 'Такой версии нет' });
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

  // ---- the transition engine (transitions.ts) ----

  /**
   * Puts a version on shelf: the previous on-shelf version becomes history first (one
   * version on shelf per app), the app is listed, a pending scheduled release is dropped.
   */
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
        releaseState: RELEASE_STATE.draft,
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

  async remove(caller: Caller, appId: string, versionId: string): Promise<void> {
    const { clock } = this.deps;
    const { row } = await this.find(caller, appId, versionId);
    await this.write(row.id, async (tx) => {
      const locked = (await versionsRepo.lock(tx, row.id))!;
      const r = transition(locked.releaseState as ReleaseState, 'delete', { rollbackPending: false, firstRelease: false, releaseTimeAhead: false });
      if (!r.ok || locked.supersededAt) throw conflict(stateRefusal(locked));
      await versionsRepo.remove(tx, row.id);
      await writeAudit(tx, clock, { action: 'version.delete', teamId: row.teamId, ...auditActor(caller), targetType: 'version', targetId: row.id, data: { appId, from: locked.releaseState } });
    });
  }

  async removeLanguage(caller: Caller, appId: string, versionId: string, language: string, lang: Lang) {
    const { db } = this.deps;
    const { app, row } = await this.find(caller, appId, versionId);
    const updated = await this.write(row.id, async (tx) => {
      const moved = await this.move(tx, row, 'edit', actorOf(caller), { data: { removedLanguage: language } });
      if (!(await versionsRepo.removeListing(tx, row.id, language))) throw notFound({ zh: `该版本没有 ${language} 语言的信息`, en: `The version has no ${language} listing`, ru: `У версии нет описания на языке ${language}` });
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
      throw conflict({ zh: `版本信息不完整，缺少：${list}`, en: `The version is not complete; missing: ${list}`, ru: `Версия не заполнена; не хватает: ${list}` });
    }
    if (row.packageId) await packageFields(this.deps, row, row.packageId);
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
      throw conflict({ zh: '只有已全量上架版本的应用才能分阶段发布新版本', en: 'A phased release needs a version fully on shelf first (and one phased release at a time)', ru: 'Для поэтапного выпуска сначала нужна версия, полностью выпущенная в продажу (и не больше одного поэтапного выпуска одновременно)' });
    }
    // Devices outside the phase keep the current version: a pre-registration page gives them nothing to keep.
    if (current.noPackage) throw conflict({ zh: '在架版本没有软件包（预约页面），新版本需要全量发布', en: 'The version on shelf has no package (a pre-registration page); release the next one in full', ru: 'У версии в продаже нет пакета (страница предрегистрации); следующую выпустите полностью' });
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
      if (at.getTime() <= clock.now().getTime()) throw invalidInput({ zh: '参数不合法：releaseAt 必须是将来的时间', en: 'Invalid input: releaseAt must be in the future', ru: 'Недопустимые параметры: releaseAt должно быть в будущем' });
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
          throw conflict({ zh: '分阶段发布的版本请使用终止分阶段发布', en: 'A version in phased release is not rolled back this way; terminate its phased release (ROLLBACK) instead', ru: 'Версию в поэтапном выпуске так не откатить; прекратите её поэтапный выпуск (ROLLBACK)' });
        }
        moved = await this.move(tx, row, 'requestRollback', actorOf(caller), { set: { rollbackPending: true }, data: { reason } });
        if (!(await versionsRepo.previousOnShelf(tx, row.appId, row.id))) {
          throw conflict({ zh: '没有可以回退到的上一个上架版本', en: 'There is no previous on-shelf version to roll back to', ru: 'Нет предыдущей версии в продаже, к которой можно откатиться' });
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
      if (!open) throw conflict({ zh: '没有待审核的任务', en: 'There is no open review to urge', ru: 'Нет открытой проверки, которую можно поторопить' });
      if (open.urgedAt && now.getTime() - open.urgedAt.getTime() < URGE_INTERVAL_MS) {
        const next = new Date(open.urgedAt.getTime() + URGE_INTERVAL_MS);
        throw new AppError(
          'rateLimited',
          { zh: `每天只能催审一次，下次可在 ${next.toISOString()} 之后催审`, en: `A review can be urged once a day; next possible at ${next.toISOString()}`, ru: `Поторопить проверку можно раз в сутки; в следующий раз — после ${next.toISOString()}` },
          { 'Retry-After': String(Math.ceil((next.getTime() - now.getTime()) / 1000)) },
        );
      }
      await versionsRepo.updateTask(tx, open.id, { urgedAt: now });
      return moved;
    });
    return { version: await this.present(db, updated, lang) };
  }

}
