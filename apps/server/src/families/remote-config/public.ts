// What other families may use of remote-config: the published parameters, and serving A/B experiments on them.
import type { RemoteParameter } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { forgetLive } from './fetch';
import type { ExperimentOverlay } from './overlay';
import { remoteConfigRepo } from './repo';
import { rollOutValues } from './roll-out';
import { checkRules } from './running';
import { lockDraft, PUBLISHED_CHANNEL } from './draft-tx';

export type { ExperimentOverlay } from './overlay';
export { TYPE_WORDS as parameterTypeWords } from './template-check';

/** What A/B Testing needs of Remote Configuration. */
export const remoteConfigExperiments = {
  /** The parameters of the published version: what an experiment may vary. */
  async publishedParameters(db: DbOrTx, appId: string): Promise<RemoteParameter[]> {
    return (await remoteConfigRepo.live(db, appId))?.template.parameters ?? [];
  },
  /** The running experiments (their overlays) of the app. */
  running: (db: DbOrTx, appId: string): Promise<ExperimentOverlay[]> => remoteConfigRepo.experiments(db, appId),
  checkRules,
  /** Locks the app's Remote Configuration (its draft row) for the caller's transaction: starts checking which parameters are free wait their turn. */
  async lock(tx: DbOrTx, appId: string): Promise<void> {
    await lockDraft(tx, appId, null);
  },
  /** Starts serving an experiment, in the caller's transaction; every server hears of it after the commit. */
  async serve(deps: Pick<Deps, 'pubsub'>, tx: DbOrTx, appId: string, overlay: ExperimentOverlay, at: Date): Promise<void> {
    await remoteConfigRepo.putExperiment(tx, appId, overlay, at);
    await deps.pubsub.publishIn(tx, PUBLISHED_CHANNEL, { appId });
  },
  /** Stops serving one; its instances get Remote Configuration's values again. */
  async end(deps: Pick<Deps, 'pubsub'>, tx: DbOrTx, appId: string, experimentId: string): Promise<void> {
    if (await remoteConfigRepo.removeExperiment(tx, appId, experimentId)) await deps.pubsub.publishIn(tx, PUBLISHED_CHANNEL, { appId });
  },
  /** After the commit: this server serves the change at once (the others hear by pub/sub). */
  served(deps: Pick<Deps, 'pubsub'>, appId: string): void {
    forgetLive(deps.pubsub, appId);
  },
  /** Makes values the parameters' defaults for everyone (a new version, or the draft when changes need a review). */
  rollOut: (deps: Pick<Deps, 'db' | 'clock' | 'pubsub'>, tx: DbOrTx, caller: Caller, appId: string, values: Readonly<Record<string, string>>, description: string) => rollOutValues(deps, tx, caller, appId, values, description),
};
