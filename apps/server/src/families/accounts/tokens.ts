import { createHash, randomBytes } from 'node:crypto';

/** An unguessable token for cookies and links; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stable 0–99 bucket of a user, for the canary share. */
export function canaryBucket(userId: string): number {
  return createHash('sha256').update(`canary:${userId}`).digest().readUInt32BE(0) % 100;
}
