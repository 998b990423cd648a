import type { FetchAttributes } from '@wharf/contract';
import type { Caller } from '../../platform/http/access';
import { callerApp } from '../apps/public';
import type { DraftDeps } from './draft-tx';
import { audiencesOf } from './audiences';
import { compileConditions, explain, matchMask, usesAudiences } from './evaluate';
import { EMPTY_TEMPLATE } from './out';
import { remoteConfigRepo } from './repo';

/** What a device would get, for the console's preview: the same evaluation as a fetch, explained. */
export async function previewFor(deps: DraftDeps, caller: Caller, appId: string, source: 'draft' | 'published', deviceId: string, attributes: FetchAttributes) {
  await callerApp(deps.db, caller, appId);
  const template =
    source === 'draft' ? ((await remoteConfigRepo.draft(deps.db, appId))?.template ?? EMPTY_TEMPLATE) : ((await remoteConfigRepo.live(deps.db, appId))?.template ?? EMPTY_TEMPLATE);
  const audiences = usesAudiences(template) ? await audiencesOf(deps.db, appId, deviceId) : undefined;
  const mask = matchMask(compileConditions(template), { ...attributes, deviceId, now: deps.clock.now(), audiences });
  return { holding: template.conditions.filter((_, i) => mask[i] === '1').map((c) => c.name), values: explain(template, mask) };
}
