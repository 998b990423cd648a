import type { TestVersion } from '@wharf/contract';
import type { AgeRating } from '@wharf/rules';
import type { DbOrTx, Tx } from '../../platform/db/types';
import { defineExtensionPoint, type Extensions } from '../../platform/extensions';
import type { Lang } from './present';
import type { TaskRow } from './review-tasks-repo';

/** What a tester's device is offered instead of the store's version (open testing answers it). */
export interface TestOffer {
  versionId: string;
  versionCode: number;
  versionName: string | null;
  size: number;
  sha256: string;
  downloadUrl: string;
  test: true;
}

/** A channel a tester token opens: asked by the update check only when the device sends a token. */
export interface TesterOffers {
  offerFor(q: { platform: string; packageName: string; versionCode: number; testerToken: string }): Promise<TestOffer | null>;
}

export const TESTER_OFFERS = defineExtensionPoint<TesterOffers>('versions.tester-offers');

/** Who decides a review task. */
export interface ReviewActor {
  kind: 'operator' | 'system';
  id: string | null;
  ip: string | null;
}

export interface ReviewDecision {
  decision: 'approve' | 'reject';
  reasons: string[];
  comment?: string | undefined;
}

/**
 * A kind of review task whose subject another family keeps (a test version): the reviewers'
 * queue is one, the subjects' rules are their family's.
 */
export interface ReviewSubject {
  kind: TaskRow['kind'];
  /** The subject's version code and name for the queue; undefined when it is gone. */
  naming(db: DbOrTx, subjectId: string): Promise<{ versionCode: number | null; versionName: string | null } | undefined>;
  /** What the reviewer judges, and the package it ships (shown beside it); undefined when it is gone. */
  detail(db: DbOrTx, subjectId: string, lang: Lang): Promise<{ packageId: string | null; shown: { testVersion: TestVersion } } | undefined>;
  /** Applies the decision to the subject and closes the task (inside the caller's transaction). */
  decide(tx: Tx, task: TaskRow, d: ReviewDecision, actor: ReviewActor): Promise<TaskRow>;
}

export const REVIEW_SUBJECTS = defineExtensionPoint<ReviewSubject>('versions.review-subjects');

/**
 * The age an app declared for itself (its age-rating questionnaire or single age), which its
 * versions then carry: a version's own pick is refused when it differs. Null: none declared.
 */
export interface AppAge {
  ageOf(db: DbOrTx, appId: string): Promise<AgeRating | null>;
}

export const APP_AGE = defineExtensionPoint<AppAge>('versions.app-age');

/** The age the app declared, from whichever family answers (none: null). */
export async function declaredAge(extensions: Extensions, db: DbOrTx, appId: string): Promise<AgeRating | null> {
  for (const source of extensions.all(APP_AGE)) {
    const age = await source.ageOf(db, appId);
    if (age) return age;
  }
  return null;
}
