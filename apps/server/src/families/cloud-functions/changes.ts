import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';

export const CHANGED_CHANNEL = 'cloud-functions.changed';

/** What a function's change tells: this instance's runtime, given by the family's wiring. */
export type OnFunctionChanged = (functionId: string) => void;

/**
 * A change to a function in one transaction, told to every instance's runtime: the others
 * by pub/sub when it commits, this one as soon as it has. PostgreSQL brings the message
 * back to its own sender too, but later: a test run right after saving ran the code from
 * before the save.
 */
export async function changeFunction<T>(
  deps: Pick<Deps, 'db' | 'pubsub'>,
  onChanged: OnFunctionChanged | undefined,
  functionId: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const out = await deps.db.transaction(async (tx) => {
    const result = await work(tx);
    await deps.pubsub.publishIn(tx, CHANGED_CHANNEL, { functionId });
    return result;
  });
  onChanged?.(functionId);
  return out;
}
