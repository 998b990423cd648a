import type { RemoteTemplate } from '@wharf/contract';
import { diffIsEmpty, templateDiff } from '@wharf/rules';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { auditDraft, DEFAULT_FETCH_INTERVAL_SECONDS, inDraft, newVersion, NO_REVIEW, NOTHING, PUBLISHED_CHANNEL, type DraftDeps } from './draft-tx';
import { checkAudiences } from './audiences';
import { checkRunning } from './running';
import { checkTemplate } from './template-check';
import { draftOut, EMPTY_TEMPLATE, summaryOut } from './out';
import { remoteConfigRepo } from './repo';

const NEEDS_REVIEW = {
  zh: '此应用的修改须经另一位成员审核：请提交审核',
  en: "This app's changes need another member's approval: ask for a review",
  ru: 'Изменения этого приложения должен одобрить другой участник: отправьте их на проверку',
};

/** The console's side: an app's draft, its versions and settings. The access check has tied the app to the caller. */
export class RemoteConfigService {
  constructor(private readonly deps: DraftDeps) {}

  async get(caller: Caller, appId: string) {
    const { db } = this.deps;
    await callerApp(db, caller, appId);
    const draft = await remoteConfigRepo.draft(db, appId);
    const latest = draft && draft.lastVersion > 0 ? await remoteConfigRepo.summary(db, appId, draft.lastVersion) : undefined;
    const live = latest ? ((await remoteConfigRepo.version(db, appId, latest.number))?.template ?? null) : null;
    return {
      draft: draftOut(draft, live),
      published: latest ? summaryOut(latest) : null,
      settings: { minimumFetchIntervalSeconds: draft?.minimumFetchIntervalSeconds ?? DEFAULT_FETCH_INTERVAL_SECONDS, requireReview: draft?.requireReview ?? false },
    };
  }

  async saveDraft(caller: Caller, appId: string, template: RemoteTemplate, revision: number) {
    return inDraft(this.deps, caller, appId, revision, async (tx, draft, live) => {
      checkTemplate(template);
      await checkAudiences(tx, appId, template);
      await checkRunning(tx, appId, template);
      const diff = templateDiff(draft.template, template);
      await remoteConfigRepo.updateDraft(tx, appId, { template, revision: draft.revision + 1, updatedAt: this.deps.clock.now(), updatedBy: caller.userId, ...NO_REVIEW });
      // A review asked of the earlier revision no longer says what would be published.
      await auditDraft(this.deps, tx, caller, appId, 'remote-config.saveDraft', { revision: draft.revision + 1, diff, reviewWithdrawn: draft.reviewRevision !== null });
      return { draft: draftOut(await remoteConfigRepo.draft(tx, appId), live) };
    });
  }

  async discardDraft(caller: Caller, appId: string) {
    return inDraft(this.deps, caller, appId, null, async (tx, draft, live) => {
      await remoteConfigRepo.updateDraft(tx, appId, { template: live ?? EMPTY_TEMPLATE, basedOn: draft.lastVersion, revision: draft.revision + 1, updatedAt: this.deps.clock.now(), updatedBy: caller.userId, ...NO_REVIEW });
      await auditDraft(this.deps, tx, caller, appId, 'remote-config.discardDraft', { revision: draft.revision + 1 });
      return { draft: draftOut(await remoteConfigRepo.draft(tx, appId), live) };
    });
  }

  async publish(caller: Caller, appId: string, revision: number, description: string | undefined) {
    return inDraft(this.deps, caller, appId, revision, async (tx, draft, live) => {
      if (draft.requireReview) throw conflict(NEEDS_REVIEW);
      const diff = templateDiff(live, draft.template);
      if (draft.lastVersion > 0 && diffIsEmpty(diff)) throw conflict(NOTHING);
      checkTemplate(draft.template);
      await checkAudiences(tx, appId, draft.template);
      await checkRunning(tx, appId, draft.template);
      const version = await newVersion(this.deps, tx, caller, appId, draft.lastVersion + 1, draft.template, { origin: 'publish', rollbackOf: null, description: description || null });
      await auditDraft(this.deps, tx, caller, appId, 'remote-config.publish', { version: version.number, diff });
      return { version, draft: draftOut(await remoteConfigRepo.draft(tx, appId), draft.template) };
    });
  }

  async rollBack(caller: Caller, appId: string, number: number) {
    return inDraft(this.deps, caller, appId, null, async (tx, draft) => {
      const target = await remoteConfigRepo.version(tx, appId, number);
      if (!target) throw notFound({ zh: `没有第 ${number} 版（只保留最近 300 个版本）`, en: `There is no version ${number} (the latest 300 are kept)`, ru: `Версии ${number} нет (хранятся последние 300)` });
      if (number === draft.lastVersion) {
        throw conflict({ zh: `第 ${number} 版就是当前发布的版本`, en: `Version ${number} is the published version already`, ru: `Версия ${number} уже опубликована` });
      }
      const version = await newVersion(this.deps, tx, caller, appId, draft.lastVersion + 1, target.template, { origin: 'rollback', rollbackOf: number, description: null });
      await remoteConfigRepo.updateDraft(tx, appId, { template: target.template, revision: draft.revision + 1, updatedAt: this.deps.clock.now(), updatedBy: caller.userId });
      await auditDraft(this.deps, tx, caller, appId, 'remote-config.rollback', { version: version.number, rollbackOf: number });
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

  async setSettings(caller: Caller, appId: string, settings: { minimumFetchIntervalSeconds: number; requireReview: boolean }) {
    return inDraft(this.deps, caller, appId, null, async (tx, draft) => {
      await remoteConfigRepo.updateDraft(tx, appId, settings);
      await this.deps.pubsub.publishIn(tx, PUBLISHED_CHANNEL, { appId });
      await auditDraft(this.deps, tx, caller, appId, 'remote-config.settings', { from: { minimumFetchIntervalSeconds: draft.minimumFetchIntervalSeconds, requireReview: draft.requireReview }, to: settings });
      return { settings };
    });
  }
}
