import { z } from 'zod';
import { refused } from '../../kit/field-errors';

export const BIZ_TAGS = ['apk', 'img', 'video', 'zip', 'file'] as const;
export const bizTag = z.enum(BIZ_TAGS);

export const fileObject = z.object({
  objectId: z.string(),
  bizTag,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  /** An image's size in pixels, read from its headers (absent for other files; null when unreadable). */
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
});
export type FileObject = z.infer<typeof fileObject>;

export const fileName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((v) => !/[/\\]/.test(v) && !v.includes(String.fromCharCode(0)), refused('fileName'));
export const contentType = z.string().max(128).regex(/^[\w.+-]+\/[\w.+-]+$/, 'a MIME type').default('application/octet-stream');
