import type { RemoteTemplate } from '@wharf/contract';
import { diffIsEmpty, templateDiff } from '@wharf/rules';
import type { Caller } from '../../platform/http/access';
import { conflict } from '../../platform/http/errors';
import type { DbOrTx } from '../../platform/db/types';
import { auditDraft, lockDraft, newVersion, NO_REVIEW, type DraftDeps } from './draft-tx';
import { remoteConfigRepo } from './repo';

const NOTHING_LIVE = { zh: '此应用尚未发布远程配置', en: 'This app has no published remote configuration', ru: 'У этого приложения нет опубликованной удалённой конфигурации' };

const withDefaults = (t: RemoteTemplate, values: Readonly<Record<string, string>>): RemoteTemplate => ({
  ...t,
  parameters: t.parameters.map((p) => (Object.hasOwn(values, p.key) ? { ...p, defaultValue: values[p.key]! } : p)),
});

/**
 * Makes values the parameters' defaults for everyone, as a new version built on the
 * published one (the draft's other edits stay in the draft, which takes the values too).
 * When the app's changes need a review, only the draft takes them (`version: null`). In the
 * caller's transaction, which has checked the caller's app.
 */
export async function rollOutValues(deps: DraftDeps, tx: DbOrTx, caller: Caller, appId: string, values: Readonly<Record<string, string>>, description: string): Promise<{ version: number | null }> {
  const { draft, live } = await lockDraft(tx, appId, null);
  if (!live) throw conflict(NOTHING_LIVE);
  const template = withDefaults(live, values);
  const diff = templateDiff(live, template);
  await remoteConfigRepo.updateDraft(tx, appId, { template: withDefaults(draft.template, values), revision: draft.revision + 1, updatedAt: deps.clock.now(), updatedBy: caller.userId, ...NO_REVIEW });
  if (draft.requireReview || diffIsEmpty(diff)) {
    await auditDraft(deps, tx, caller, appId, 'remote-config.saveDraft', { revision: draft.revision + 1, diff, rollOut: description });
    return { version: draft.requireReview ? null : draft.lastVersion };
  }
  const version = await newVersion(deps, tx, caller, appId, draft.lastVersion + 1, template, { origin: 'publish', rollbackOf: null, description });
  await auditDraft(deps, tx, caller, appId, 'remote-config.publish', { version: version.number, diff });
  return { version: version.number };
}
