import { z } from 'zod';
import { AGE_AUTHORITIES, AGE_QUESTIONS, AGE_RATINGS, type AgeQuestion } from '@wharf/rules';

const QUESTIONS = Object.keys(AGE_QUESTIONS) as [AgeQuestion, ...AgeQuestion[]];

/** The questionnaire's answers: every question, nothing else (a partial set is refused). */
export const ageAnswers = z.strictObject({
  violence: z.enum(AGE_QUESTIONS.violence),
  fear: z.enum(AGE_QUESTIONS.fear),
  sexuality: z.enum(AGE_QUESTIONS.sexuality),
  gambling: z.enum(AGE_QUESTIONS.gambling),
  language: z.enum(AGE_QUESTIONS.language),
  drugs: z.enum(AGE_QUESTIONS.drugs),
  userInteraction: z.boolean(),
  purchases: z.boolean(),
  locationSharing: z.boolean(),
});

export const authorityRating = z.object({ label: z.string(), age: z.number().int(), because: z.array(z.enum(QUESTIONS)) });

/** One rating per authority the deployment supports (AGE_AUTHORITIES). */
export const authorityRatings = z.object(Object.fromEntries(AGE_AUTHORITIES.map((a) => [a, authorityRating])) as Record<(typeof AGE_AUTHORITIES)[number], typeof authorityRating>);

/**
 * What an app declares: the questionnaire's answers (v2) with the ratings they give, or only
 * a single age (v1, the legacy way: `answers` and `ratings` null).
 */
export const ageDeclaration = z.object({
  age: z.enum(AGE_RATINGS),
  answers: ageAnswers.nullable(),
  ratings: authorityRatings.nullable(),
});
export type AgeDeclaration = z.infer<typeof ageDeclaration>;

export const AGE_RATING_TASK_STATES = ['open', 'approved', 'rejected', 'withdrawn'] as const;

/** An app's age rating: the declaration in effect and a change waiting for review. */
export const appAgeRating = z.object({
  appId: z.string(),
  /** Null until the first declaration takes effect (a first one after release waits for review). */
  current: ageDeclaration.nullable(),
  /** A change made after the app's first release, waiting in the reviewers' queue. */
  pending: ageDeclaration.extend({ taskId: z.string(), submittedAt: z.string() }).nullable(),
  /** The last change the reviewers refused, with their words (cleared by the next change). */
  rejection: z.object({ comment: z.string(), at: z.string() }).nullable(),
  /** Whether a change now goes to review (the app has been on the shelf). */
  changesNeedReview: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AppAgeRating = z.infer<typeof appAgeRating>;

export const ageRatingTask = z.object({
  taskId: z.string(),
  appId: z.string(),
  appName: z.string(),
  packageName: z.string(),
  teamId: z.string(),
  state: z.enum(AGE_RATING_TASK_STATES),
  declaration: ageDeclaration,
  /** What was in effect when the change was submitted. */
  previous: ageDeclaration.nullable(),
  submittedAt: z.string(),
  reviewerId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type AgeRatingTask = z.infer<typeof ageRatingTask>;

/** What the store page shows: the declaration in effect, without who or when. */
export const storeAgeRating = ageDeclaration;
