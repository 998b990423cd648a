import type { Version } from '@wharf/contract';
import { RELEASE_STATE, type ReleaseState, transition } from '@wharf/rules';
import { auditActor, writeAudit } from '../../platform/audit';
import { faultPoint } from '../../platform/fault-points';
import { declaredAge } from './points';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { type AgreementsService, agreementsOf } from '../agreements/public';
import { type AppsService, appsOf } from '../apps/public';
import { PhasedService } from './phased';
import { actorOf, SYSTEM, VersionTransitions } from './transitions';
import { stateRefusal, type Lang } from './present';
import { VersionReads } from './reading';
import { VersionRequests } from './requests';
import { versionsRepo } from './repo';
import { reviewTasks } from './review-tasks';
import { RELEASE_KIND, releaseKey, VersionDecisions } from './decisions';
import { packageFields, VersionEdits } from './edits';

export { RELEASE_KIND, releaseKey, SYSTEM };
export type { Actor } from './transitions';
export type { VersionEdit } from './edits';
export type { Completeness } from './reading';

/**
 * Versions of an app and every change of their release state. Each change is one
 * transaction that locks the version row, checks the transition table, writes the new
 * state, a history event and an audit event. The parts live in their files (reading,
 * transitions, edits, decisions, requests, phased); this object puts them together for
 * the routes and the other families.
 */
export class VersionsService {
  readonly apps: AppsService;
  readonly phased: PhasedService;
  private readonly agreements: AgreementsService;
  readonly move: VersionTransitions['move'];
  readonly record: VersionTransitions['record'];
  readonly write: VersionTransitions['write'];
  readonly update: VersionEdits['update'];
  readonly goOnShelf: VersionDecisions['goOnShelf'];
  readonly decideInTx: VersionDecisions['decideInTx'];
  readonly present: VersionReads['present'];
  readonly withCompleteness: VersionReads['withCompleteness'];
  readonly facts: VersionReads['facts'];
  readonly expansionOf: VersionReads['expansionOf'];
  readonly find: VersionReads['find'];
  readonly get: VersionReads['get'];
  readonly completeness: VersionReads['completeness'];
  readonly list: VersionReads['list'];
  readonly lastOnShelf: VersionReads['lastOnShelf'];
  readonly preparing: VersionReads['preparing'];
  readonly history: VersionReads['history'];
  readonly cancelOnShelf: VersionRequests['cancelOnShelf'];
  readonly onShelfTime: VersionRequests['onShelfTime'];
  readonly request: VersionRequests['request'];
  readonly cancelShelfOff: VersionRequests['cancelShelfOff'];
  readonly cancelRollback: VersionRequests['cancelRollback'];
  readonly urge: VersionRequests['urge'];

  constructor(private readonly deps: Deps) {
    const transitions = new VersionTransitions(deps);
    this.move = transitions.move.bind(transitions);
    this.record = transitions.record.bind(transitions);
    this.write = transitions.write.bind(transitions);
    this.apps = appsOf(deps);
    this.agreements = agreementsOf(deps);
    const reads = new VersionReads(deps, this.apps);
    this.present = reads.present.bind(reads);
    this.withCompleteness = reads.withCompleteness.bind(reads);
    this.facts = reads.facts.bind(reads);
    this.expansionOf = reads.expansionOf.bind(reads);
    this.find = reads.find.bind(reads);
    this.get = reads.get.bind(reads);
    this.completeness = reads.completeness.bind(reads);
    this.list = reads.list.bind(reads);
    this.lastOnShelf = reads.lastOnShelf.bind(reads);
    this.preparing = reads.preparing.bind(reads);
    this.history = reads.history.bind(reads);
    this.phased = new PhasedService(deps, { find: this.find, move: this.move, record: this.record });
    const edits = new VersionEdits(deps, { find: this.find, facts: this.facts, edit: transitions.edit.bind(transitions) });
    this.update = edits.update.bind(edits);
    const decisions = new VersionDecisions(deps, transitions, this.phased);
    this.goOnShelf = decisions.goOnShelf.bind(decisions);
    this.decideInTx = decisions.decideInTx.bind(decisions);
    const requests = new VersionRequests(deps, this);
    this.cancelOnShelf = requests.cancelOnShelf.bind(requests);
    this.onShelfTime = requests.onShelfTime.bind(requests);
    this.request = requests.request.bind(requests);
    this.cancelShelfOff = requests.cancelShelfOff.bind(requests);
    this.cancelRollback = requests.cancelRollback.bind(requests);
    this.urge = requests.urge.bind(requests);
  }

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
        ageRating: (await declaredAge(this.deps.extensions, tx, appId)) ?? base?.ageRating ?? null,
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
      await this.record(tx, row, 'create', actorOf(caller), null, RELEASE_STATE.draft, base ? { from: base.id } : {});
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
      const task = await reviewTasks.open(tx, { subjectId: row.id, appId, teamId: row.teamId, kind: app.everOnShelf ? 'update' : 'release', submittedBy: caller.userId }, now);
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
}
