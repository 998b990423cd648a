import { diffIsEmpty, templateDiff } from '@wharf/rules';
import type { Caller } from '../../platform/http/access';
import { conflict, forbidden } from '../../platform/http/errors';
import { auditDraft, inDraft, newVersion, NO_REVIEW, NOTHING, type DraftDeps } from './draft-tx';
import { draftOut } from './out';
import { checkAudiences } from './audiences';
import { checkTemplate } from './template-check';
import { remoteConfigRepo } from './repo';

const NONE_PENDING = { zh: '没有待审核的请求', en: 'No review is pending', ru: 'Нет ожидающей проверки' };
const OWN = {
  zh: '这是您提交的审核，须由另一位成员批准',
  en: 'You asked for this review; another member approves it',
  ru: 'Эту проверку запросили вы; одобрить её должен другой участник',
};

/**
 * Four eyes on publishing: one member asks for a review of a revision of the draft, another
 * approves it (it is published as it was asked) or turns it down. A save withdraws the request.
 */
export class RemoteConfigReview {
  constructor(private readonly deps: DraftDeps) {}

  async request(caller: Caller, appId: string, revision: number, description: string | undefined) {
    return inDraft(this.deps, caller, appId, revision, async (tx, draft, live) => {
      if (draft.lastVersion > 0 && diffIsEmpty(templateDiff(live, draft.template))) throw conflict(NOTHING);
      checkTemplate(draft.template);
      await checkAudiences(tx, appId, draft.template);
      await remoteConfigRepo.updateDraft(tx, appId, { reviewRevision: draft.revision, reviewRequestedBy: caller.userId, reviewRequestedAt: this.deps.clock.now(), reviewDescription: description || null });
      await auditDraft(this.deps, tx, caller, appId, 'remote-config.requestReview', { revision: draft.revision });
      return { draft: draftOut(await remoteConfigRepo.draft(tx, appId), live) };
    });
  }

  async approve(caller: Caller, appId: string, revision: number) {
    return inDraft(this.deps, caller, appId, revision, async (tx, draft) => {
      if (draft.reviewRevision !== draft.revision) throw conflict(NONE_PENDING);
      if (draft.reviewRequestedBy === caller.userId) throw forbidden(OWN);
      const version = await newVersion(this.deps, tx, caller, appId, draft.lastVersion + 1, draft.template, {
        origin: 'publish',
        rollbackOf: null,
        description: draft.reviewDescription,
        requestedBy: draft.reviewRequestedBy,
      });
      await auditDraft(this.deps, tx, caller, appId, 'remote-config.approveReview', { version: version.number, requestedBy: draft.reviewRequestedBy });
      return { version, draft: draftOut(await remoteConfigRepo.draft(tx, appId), draft.template) };
    });
  }

  async reject(caller: Caller, appId: string, comment: string | undefined) {
    return inDraft(this.deps, caller, appId, null, async (tx, draft, live) => {
      if (draft.reviewRevision === null) throw conflict(NONE_PENDING);
      await remoteConfigRepo.updateDraft(tx, appId, NO_REVIEW);
      await auditDraft(this.deps, tx, caller, appId, 'remote-config.rejectReview', { revision: draft.reviewRevision, requestedBy: draft.reviewRequestedBy, withdrawn: draft.reviewRequestedBy === caller.userId, comment: comment || null });
      return { draft: draftOut(await remoteConfigRepo.draft(tx, appId), live) };
    });
  }
}
