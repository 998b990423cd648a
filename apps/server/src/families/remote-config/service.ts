import type { RemoteTemplate } from '@wharf/contract';
import { REMOTE_CONFIG_LIMITS } from '@wharf/contract';
import { diffIsEmpty, templateDiff } from '@wharf/rules';
import { auditActor, writeAudit, type AuditEvent } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { checkTemplate } from './template-check';
import { draftOut, EMPTY_TEMPLATE, summaryOut } from './out';
import { remoteConfigRepo } from './repo';

/** The fetch interval of an app that never set one. */
export const DEFAULT_FETCH_INTERVAL_SECONDS = 60;
/** Instances that serve devices forget an app's published version when this channel names it. */
export const PUBLISHED_CHANNEL = 'remote-config.published';

const STALE = { zh: '草稿已被他人修改，请刷新后再试', en: 'Someone else changed the draft meanwhile; reload it and try again', ru: 'Черновик тем временем изменил кто-то другой; обновите страницу и повторите' };
const NOTHING = { zh: '草稿与当前发布的版本相同，无需发布', en: 'The draft is the same as the published version: nothing to publish', ru: 'Черновик совпадает с опубликованной версией: публиковать нечего' };

/** The console's side: an app's draft, its versions and settings. The access check has tied the app to the caller. */
export class RemoteConfigService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'pubsub'>) {}

  async get(caller: Caller, appId: string) {
    const { db } = this.deps;
    await callerApp(db, caller, appId);
    const draft = await remoteConfigRepo.draft(db, appId);
    const latest = draft && draft.lastVersion > 0 ? await remoteConfigRepo.summary(db, appId, draft.lastVersion) : undefined;
    const live = latest ? ((await remoteConfigRepo.version(db, appId, latest.number))?.template ?? null) : null;
    return {
      draft: draftOut(draft, live),
      published: latest ? summaryOut(latest) : null,
      settings: { minimumFetchIntervalSeconds: draft?.minimumFetchIntervalSeconds ?? DEFAULT_FETCH_INTERVAL_SECONDS },
    };
  }

  async saveDraft(caller: Caller, appId: string, template: RemoteTemplate, revision: number) {
    return this.#inDraft(caller, appId, revision, async (tx, draft, live) => {
      checkTemplate(template);
      const diff = templateDiff(draft.template, template);
      await remoteConfigRepo.updateDraft(tx, appId, { template, revision: draft.revision + 1, updatedAt: this.deps.clock.now(), updatedBy: caller.userId });
      await this.#audit(tx, caller, appId, 'remote-config.saveDraft', { revision: draft.revision + 1, diff });
      return { draft: draftOut(await remoteConfigRepo.draft(tx, appId), live) };
    });
  }

  async discardDraft(caller: Caller, appId: string) {
    return this.#inDraft(caller, appId, null, async (tx, draft, live) => {
      await remoteConfigRepo.updateDraft(tx, appId, { template: live ?? EMPTY_TEMPLATE, basedOn: draft.lastVersion, revision: draft.revision + 1, updatedAt: this.deps.clock.now(), updatedBy: caller.userId });
      await this.#audit(tx, caller, appId, 'remote-config.discardDraft', { revision: draft.revision + 1 });
      return { draft: draftOut(await remoteConfigRepo.draft(tx, appId), live) };
    });
  }

  async publish(caller: Caller, appId: string, revision: number, description: string | undefined) {
    return this.#inDraft(caller, appId, revision, async (tx, draft, live) => {
      const diff = templateDiff(live, draft.template);
      if (draft.lastVersion > 0 && diffIsEmpty(diff)) throw conflict(NOTHING);
      checkTemplate(draft.template);
      const version = await this.#newVersion(tx, caller, appId, draft.lastVersion + 1, draft.template, { origin: 'publish', rollbackOf: null, description: description || null });
      await remoteConfigRepo.updateDraft(tx, appId, { basedOn: version.number });
      await this.#audit(tx, caller, appId, 'remote-config.publish', { version: version.number, diff });
      return { version, draft: draftOut(await remoteConfigRepo.draft(tx, appId), draft.template) };
    });
  }

  async rollBack(caller: Caller, appId: string, number: number) {
    return this.#inDraft(caller, appId, null, async (tx, draft) => {
      const target = await remoteConfigRepo.version(tx, appId, number);
      if (!target) throw notFound({ zh: `没有第 ${number} 版（只保留最近 300 个版本）`, en: `There is no version ${number} (the latest 300 are kept)`, ru: `Версии ${number} нет (хранятся последние 300)` });
      if (number === draft.lastVersion) {
        throw conflict({ zh: `第 ${number} 版就是当前发布的版本`, en: `Version ${number} is the published version already`, ru: `Версия ${number} уже опубликована` });
      }
      const version = await this.#newVersion(tx, caller, appId, draft.lastVersion + 1, target.template, { origin: 'rollback', rollbackOf: number, description: null });
      await remoteConfigRepo.updateDraft(tx, appId, { template: target.template, basedOn: version.number, revision: draft.revision + 1, updatedAt: this.deps.clock.now(), updatedBy: caller.userId });
      await this.#audit(tx, caller, appId, 'remote-config.rollback', { version: version.number, rollbackOf: number });
      return { version, draft: draftOut(await remoteConfigRepo.draft(tx, appId), target.template) };
    });
  }

  async versions(caller: Caller, appId: string, pageSize: number, cursor: string | undefined, withTotal: boolean) {
    const { db } = this.deps;
    await callerApp(db, caller, appId);
    const before = cursor === undefined ? undefined : Number(cursor);
    if (before !== undefined && !(Number.isInteger(before) && before > 0)) {
      throw invalidInput({ zh: '参数不合法：cursor', en: 'Invalid input: cursor', ru: 'Недопустимые параметры: cursor' });
    }
    const rows = await remoteConfigRepo.summaries(db, appId, pageSize + 1, before);
    const page = rows.slice(0, pageSize);
    return {
      items: page.map(summaryOut),
      nextCursor: rows.length > pageSize ? String(page[page.length - 1]!.number) : null,
      ...(withTotal ? { total: await remoteConfigRepo.count(db, appId) } : {}),
    };
  }

  async version(caller: Caller, appId: string, number: number) {
    const { db } = this.deps;
    await callerApp(db, caller, appId);
    const [summary, row, previous] = await Promise.all([
      remoteConfigRepo.summary(db, appId, number),
      remoteConfigRepo.version(db, appId, number),
      remoteConfigRepo.versionBefore(db, appId, number),
    ]);
    if (!summary || !row) throw notFound();
    return { version: summaryOut(summary), template: row.template, previous: previous?.template ?? null };
  }

  async setSettings(caller: Caller, appId: string, minimumFetchIntervalSeconds: number) {
    return this.#inDraft(caller, appId, null, async (tx, draft) => {
      await remoteConfigRepo.updateDraft(tx, appId, { minimumFetchIntervalSeconds });
      await this.deps.pubsub.publishIn(tx, PUBLISHED_CHANNEL, { appId });
      await this.#audit(tx, caller, appId, 'remote-config.settings', { from: draft.minimumFetchIntervalSeconds, to: minimumFetchIntervalSeconds });
      return { settings: { minimumFetchIntervalSeconds } };
    });
  }

  /** One transaction on the app's draft row, locked; with `revision`, refused when the draft moved on. */
  async #inDraft<T>(caller: Caller, appId: string, revision: number | null, work: (tx: DbOrTx, draft: NonNullable<Awaited<ReturnType<typeof remoteConfigRepo.draft>>>, live: RemoteTemplate | null) => Promise<T>): Promise<T> {
    await callerApp(this.deps.db, caller, appId);
    return this.deps.db.transaction(async (tx) => {
      await remoteConfigRepo.ensureDraft(tx, appId, DEFAULT_FETCH_INTERVAL_SECONDS);
      const draft = (await remoteConfigRepo.draft(tx, appId, true))!;
      if (revision !== null && revision !== draft.revision) throw conflict(STALE);
      const live = draft.lastVersion > 0 ? ((await remoteConfigRepo.version(tx, appId, draft.lastVersion))?.template ?? null) : null;
      return work(tx, draft, live);
    });
  }

  async #newVersion(tx: DbOrTx, caller: Caller, appId: string, number: number, template: RemoteTemplate, what: { origin: 'publish' | 'rollback'; rollbackOf: number | null; description: string | null }) {
    await remoteConfigRepo.insertVersion(tx, { appId, number, template, ...what, publishedAt: this.deps.clock.now(), publishedBy: caller.userId });
    await remoteConfigRepo.updateDraft(tx, appId, { lastVersion: number });
    await remoteConfigRepo.prune(tx, appId, number, REMOTE_CONFIG_LIMITS.versionsKept);
    await this.deps.pubsub.publishIn(tx, PUBLISHED_CHANNEL, { appId });
    return summaryOut((await remoteConfigRepo.summary(tx, appId, number))!);
  }

  async #audit(tx: DbOrTx, caller: Caller, appId: string, action: AuditEvent['action'], data: Record<string, unknown>) {
    await writeAudit(tx, this.deps.clock, { action, teamId: caller.teamId, ...auditActor(caller), targetType: 'remote-config', targetId: appId, data: { appId, ...data } });
  }
}
