import { z } from 'zod';
import { languageKey } from '../app';

export const IMMERSIVE_STATES = ['draft', 'review', 'approved', 'rejected'] as const;
export const IMMERSIVE_TASK_STATES = ['open', 'approved', 'rejected', 'withdrawn'] as const;
/** Limits of the banner's texts (the store shows them over the picture). */
export const IMMERSIVE_TITLE_MAX = 20;
export const IMMERSIVE_SUBTITLE_MAX = 40;

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #1a2b3c').transform((c) => c.toLowerCase());

export const immersiveText = z.object({
  language: languageKey,
  title: z.string().trim().min(1).max(IMMERSIVE_TITLE_MAX),
  subtitle: z.string().trim().max(IMMERSIVE_SUBTITLE_MAX).default(''),
});

export const immersiveSnapshot = z.object({
  imageObjectId: z.string(),
  color: z.string(),
  texts: z.array(z.object({ language: z.string(), title: z.string(), subtitle: z.string() })),
});

export const immersiveInfo = z.object({
  appId: z.string(),
  imageObjectId: z.string(),
  color: z.string(),
  colorSource: z.enum(['image', 'manual']),
  texts: immersiveSnapshot.shape.texts,
  state: z.enum(IMMERSIVE_STATES),
  rejection: z.object({ comment: z.string(), at: z.string() }).nullable(),
  /** The last approved version: what the store shows while a newer one is edited or reviewed. */
  published: immersiveSnapshot.nullable(),
  updatedAt: z.string(),
  /** What may be done now, from the state: edit, delete, submit, cancel. */
  allowedActions: z.array(z.enum(['edit', 'delete', 'submit', 'cancel'])),
});
export type ImmersiveInfo = z.infer<typeof immersiveInfo>;

export const immersiveTask = z.object({
  taskId: z.string(),
  appId: z.string(),
  appName: z.string(),
  packageName: z.string(),
  teamId: z.string(),
  state: z.enum(IMMERSIVE_TASK_STATES),
  snapshot: immersiveSnapshot,
  submittedAt: z.string(),
  reviewerId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ImmersiveTask = z.infer<typeof immersiveTask>;
