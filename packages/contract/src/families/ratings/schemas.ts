import { z } from 'zod';

/** A review's language: the two or three letters of ISO 639 (`ru`, `en`, `zh`), as devices and pages name it. */
export const reviewLanguage = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'a language such as ru or en-US')
  .transform((l) => l.slice(0, l.search(/[-_]|$/)).toLowerCase());

/** What a reviewer writes: Play allows 500 characters; emoji are kept, markup is shown as typed. */
export const REVIEW_TEXT_MAX = 500;
export const REPLY_TEXT_MAX = 350;
export const reviewText = z.string().trim().max(REVIEW_TEXT_MAX);
export const replyText = z.string().trim().min(1).max(REPLY_TEXT_MAX);
export const stars = z.number().int().min(1).max(5);

export const reviewReply = z.object({
  text: z.string(),
  /** When the reply was first written, and last changed. */
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A review as readers of the store page and the app's own user see it. */
export const publicReview = z.object({
  reviewId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  language: z.string(),
  country: z.string().nullable(),
  /** The version the reviewer had installed, as its name shows. */
  versionName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  helpful: z.number().int(),
  reply: reviewReply.nullable(),
  /**
   * `visible` to readers; `held` for a platform operator to look at first (what the filter
   * found, or reported and then changed); `hidden` by an operator, for `moderationReason`.
   * Readers of the store page only ever see visible ones; the author sees their own as it is.
   */
  state: z.enum(['visible', 'held', 'hidden']),
  moderationReason: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReview>;

/** A review as the app's team sees it in the console. */
export const review = publicReview.extend({
  versionCode: z.number().int().nullable(),
  /** Who wrote it: one install (a device that downloaded the app) or one signed-in app user. */
  author: z.enum(['install', 'appUser']),
  /** The developer who last wrote the reply. */
  replyBy: z.string().nullable(),
  /** What the filter found when it was last written: `link`, `phone`, `email`, `word`. */
  flags: z.array(z.string()),
  /** Readers who reported it. */
  reports: z.number().int(),
});
export type AppReview = z.infer<typeof review>;

/** How many reviews gave each number of stars, and their average (null without any). */
export const ratingSummary = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  /** Index 0 is one star, index 4 five stars. */
  distribution: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

/** Every console call names its app in the query, where the access check reads it before the body. */
export const appQuery = z.object({ appId: z.uuid() });

/** Star filters as AppGallery Connect's review list takes them: `1,2`. */
export const starsFilter = z
  .string()
  .regex(/^[1-5](,[1-5])*$/, 'stars from 1 to 5, separated by commas')
  .transform((s) => [...new Set(s.split(',').map(Number))]);

/** Other comma-separated filters (`versions=1.0,1.1`, `countries=RU,DE`). */
export const listFilter = z
  .string()
  .max(1000)
  .transform((s) => [...new Set(s.split(',').map((v) => v.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(64)).max(50));

export const REPORT_REASONS = ['spam', 'offensive', 'offTopic', 'other'] as const;
