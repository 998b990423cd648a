import { randomInt } from 'node:crypto';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { AppError } from '../../platform/http/errors';
import { codesRepo, type CodePurpose } from './codes-repo';
import { digestOf, matchesDigest } from './digest';

/** How long a code is valid: a day to verify an email, half an hour to reset a password. */
export const CODE_TTL_MINUTES: Record<CodePurpose, number> = { verifyEmail: 24 * 60, resetPassword: 30 };
const MAX_FAILED = 5;
const keyed = (userId: string, purpose: string, code: string) => `${userId}:${purpose}:${code}`;

const refused = () => new AppError('invalidInput', { zh: '验证码错误或已过期，请重新获取', en: 'The code is wrong or has expired; ask for a new one', ru: 'Код неверен или истёк; запросите новый' });

/** Six-digit one-time codes for an app user, mailed by the caller. */
export class AppUserCodes {
  constructor(private readonly deps: Pick<Deps, 'clock'>) {}

  /** A new code (earlier ones of the purpose stop working), in the caller's transaction. */
  async issue(tx: DbOrTx, userId: string, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.deps.clock.now();
    await codesRepo.replace(tx, { userId, purpose, codeDigest: digestOf(keyed(userId, purpose, code)), createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES[purpose] * 60_000) });
    return code;
  }

  /**
   * Spends the code if it is the user's latest of the purpose, unexpired and tried fewer than
   * five times wrongly; otherwise counts the try and refuses. Wrong tries are committed even
   * though the caller's change is not made, so run it in a transaction of its own first.
   */
  async spend(tx: DbOrTx, userId: string, purpose: CodePurpose, code: string): Promise<boolean> {
    const row = await codesRepo.latest(tx, userId, purpose);
    const now = this.deps.clock.now();
    if (!row || row.expiresAt <= now || row.failedAttempts >= MAX_FAILED) return false;
    if (!matchesDigest(keyed(userId, purpose, code), row.codeDigest)) {
      await codesRepo.failed(tx, row.id);
      return false;
    }
    await codesRepo.spend(tx, row.id, now);
    return true;
  }

  static refused = refused;
}
