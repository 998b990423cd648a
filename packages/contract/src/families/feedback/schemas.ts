import { z } from 'zod';

export const FEEDBACK_CATEGORIES = ['bug', 'suggestion', 'question', 'other'] as const;
export const FEEDBACK_STATES = ['new', 'inProgress', 'resolved'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export const FEEDBACK_LIMITS = {
  textMax: 2000,
  screenshotsMax: 3,
  /** A screenshot's bytes (PNG, JPEG or WebP). */
  screenshotBytes: 5 * 1024 * 1024,
  noteMax: 4000,
  contactMax: 254,
} as const;

export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** A short device fact (version, model, OS); control characters are refused for every field. */
const fact = (max: number) => z.string().trim().max(max);

export const feedbackInput = z.object({
  text: z.string().trim().min(1).max(FEEDBACK_LIMITS.textMax),
  category: z.enum(FEEDBACK_CATEGORIES).default('other'),
  /** The tokens the screenshot upload answered, at most three. */
  screenshotTokens: z.array(z.uuid()).max(FEEDBACK_LIMITS.screenshotsMax).default([]),
  appVersion: fact(64).optional(),
  deviceModel: fact(128).optional(),
  os: fact(64).optional(),
  /** How the team may answer: an email address (replies go there) or a phone number. */
  contact: fact(FEEDBACK_LIMITS.contactMax).optional(),
});

export const feedbackItem = z.object({
  feedbackId: z.string(),
  appId: z.string(),
  text: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  state: z.enum(FEEDBACK_STATES),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  appVersion: z.string().nullable(),
  deviceModel: z.string().nullable(),
  os: z.string().nullable(),
  contact: z.string().nullable(),
  /** Whether replies can be mailed (the contact is an email address). */
  replyByMail: z.boolean(),
  language: z.string().nullable(),
  country: z.string().nullable(),
  /** Sent by a signed-in app user (else an install). */
  fromAppUser: z.boolean(),
  screenshots: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackNote = z.object({
  noteId: z.string(),
  /** `note`: for the team only; `reply`: mailed to the contact. */
  kind: z.enum(['note', 'reply']),
  text: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  mailedTo: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackNote = z.infer<typeof feedbackNote>;

export const feedbackDetail = feedbackItem.extend({
  /** Signed addresses of the screenshots, valid for a while. */
  screenshotUrls: z.array(z.string()),
  notes: z.array(feedbackNote),
});
export type FeedbackDetail = z.infer<typeof feedbackDetail>;

export const feedbackCounts = z.object(Object.fromEntries(FEEDBACK_STATES.map((s) => [s, z.number().int()])) as Record<FeedbackState, z.ZodNumber>);
