import type { Placeholder, SQLWrapper } from 'drizzle-orm';
import type { DbOrTx, Tx } from './db/types';
import type { LocalisedText } from './http/errors';

/** An app changing teams (AppGallery Connect's "move app"). */
export interface AppMove {
  appId: string;
  fromTeamId: string;
  toTeamId: string;
}

/**
 * What a family does when a project or an app it keeps data of goes or changes hands.
 * The owners (projects, apps) call these in their own transaction, so the core families
 * never import the product families that hang data on them (docs/kernel/lifecycle.md).
 */
export interface LifecycleHooks {
  /** Why the project may not be removed yet (it still holds something), or null. */
  projectRemoving?(tx: Tx, projectId: string): Promise<LocalisedText | null>;
  /** Moves what the family keeps of the app to the new team; answers the ids of the files that follow it. */
  appMoving?(tx: Tx, move: AppMove): Promise<readonly string[]>;
  /**
   * The app is being removed: the writes (a delete or an update, unrun) that remove or close
   * what the family keeps of it, which the app's own deleting statement runs as its parts,
   * with no round trip or transaction of their own. Each sees the data as it was before the
   * statement, and none may depend on another's change.
   */
  appRemovingWrites?(db: DbOrTx, appId: string | Placeholder, at: Date | Placeholder): SQLWrapper[];
}

/** Every family's hooks, called in the order the families are listed. */
export interface Lifecycle {
  /** The reasons families give not to remove the project (empty: it may go). */
  projectRemoving(tx: Tx, projectId: string): Promise<LocalisedText[]>;
  /** The files that follow the app, from every family. */
  appMoving(tx: Tx, move: AppMove): Promise<string[]>;
  /** Every family's writes for the app's deleting statement. */
  appRemovingWrites(db: DbOrTx, appId: string | Placeholder, at: Date | Placeholder): SQLWrapper[];
}

export function lifecycleOf(hooks: readonly LifecycleHooks[]): Lifecycle {
  return {
    async projectRemoving(tx, projectId) {
      const reasons: LocalisedText[] = [];
      for (const h of hooks) {
        const why = await h.projectRemoving?.(tx, projectId);
        if (why) reasons.push(why);
      }
      return reasons;
    },
    async appMoving(tx, move) {
      const files: string[] = [];
      for (const h of hooks) files.push(...((await h.appMoving?.(tx, move)) ?? []));
      return [...new Set(files)];
    },
    appRemovingWrites(db, appId, at) {
      return hooks.flatMap((h) => h.appRemovingWrites?.(db, appId, at) ?? []);
    },
  };
}

/** Several reasons as one message, in each language's list style. */
export function joinReasons(reasons: readonly LocalisedText[]): LocalisedText {
  return { zh: reasons.map((r) => r.zh).join('；'), en: reasons.map((r) => r.en).join('; '), ru: reasons.map((r) => r.ru).join('; ') };
}
