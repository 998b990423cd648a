import { createHash, timingSafeEqual } from 'node:crypto';

/** What is kept of a refresh secret or a mailed code: its SHA-256, never the text. */
export const digestOf = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Whether `text` has the stored digest, compared in constant time. */
export function matchesDigest(text: string, stored: string): boolean {
  const a = Buffer.from(digestOf(text));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
