import { randomBytes } from 'node:crypto';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { AppError } from '../../platform/http/errors';
import { digestOf, matchesDigest } from './digest';
import { USER_DISABLED } from './errors';
import { appUserOut } from './out';
import type { AppUserRow } from './repo';
import { appUsersRepo } from './repo';
import { sessionsRepo } from './sessions-repo';
import { ACCESS_TOKEN_SECONDS, type AccessTokens } from './tokens';

/** A session unused for this long ends by itself (each refresh moves it). */
export const SESSION_IDLE_DAYS = 90;
interface Started {
  user: AppUserRow;
  appId: string;
  sessionId: string;
  secret: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const refused = () => new AppError('appUserTokenInvalid');

/**
 * App users' sessions: a refresh token `<session id>.<secret>` is spent by each refresh,
 * which answers the next one; presenting a spent one means it was copied, so the session
 * ends for both holders (OAuth 2.1's refresh-token rotation with reuse detection).
 */
export class AppUserSessions {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'secrets'>,
    private readonly tokens: AccessTokens,
  ) {}

  /**
   * A new session for the user on this app, in the caller's transaction. Its tokens are
   * made by `answer` once that transaction has ended (the signing key may need a
   * transaction of its own on first use).
   */
  async start(tx: DbOrTx, user: AppUserRow, appId: string): Promise<Started> {
    const now = this.deps.clock.now();
    const secret = randomBytes(32).toString('base64url');
    const session = await sessionsRepo.insert(tx, { userId: user.id, projectId: user.projectId, appId, tokenDigest: digestOf(secret), createdAt: now, refreshedAt: now, expiresAt: this.#expiry(now) });
    return { user, appId, sessionId: session.id, secret };
  }

  /** What the app keeps of a started or refreshed session: the user and both tokens. */
  async answer({ user, appId, sessionId, secret }: Started) {
    const accessToken = await this.tokens.sign({ appUserId: user.id, projectId: user.projectId, appId, sessionId, anonymous: user.anonymous });
    return { user: appUserOut(user), tokenType: 'Bearer' as const, accessToken, expiresIn: ACCESS_TOKEN_SECONDS, refreshToken: `${sessionId}.${secret}` };
  }

  /** The next tokens for a refresh token of this project (which is spent). */
  async refresh(projectId: string, appId: string, refreshToken: string) {
    const { db, clock } = this.deps;
    const [sessionId, secret] = refreshToken.split('.');
    if (!sessionId || !secret || !UUID.test(sessionId)) throw refused();
    const outcome = await db.transaction(async (tx) => {
      const session = await sessionsRepo.forUpdate(tx, sessionId);
      if (!session || session.projectId !== projectId) return null;
      // A user who was disabled is told so, whichever way their session ended.
      if (session.endedAt) return session.endedReason === 'disabled' && (await appUsersRepo.byId(tx, projectId, session.userId))?.disabled ? ('disabled' as const) : null;
      const now = clock.now();
      if (!matchesDigest(secret, session.tokenDigest)) {
        await sessionsRepo.end(tx, session.id, 'reused', now);
        return 'reused' as const;
      }
      if (session.expiresAt <= now) return null;
      const user = await appUsersRepo.byId(tx, projectId, session.userId);
      if (!user) return null;
      if (user.disabled) {
        await sessionsRepo.end(tx, session.id, 'disabled', now);
        return 'disabled' as const;
      }
      const next = randomBytes(32).toString('base64url');
      await sessionsRepo.rotate(tx, session.id, { tokenDigest: digestOf(next), refreshedAt: now, expiresAt: this.#expiry(now) });
      return { user, sessionId: session.id, secret: next };
    });
    if (outcome === 'disabled') throw new AppError('appUserTokenInvalid', USER_DISABLED);
    if (!outcome || outcome === 'reused') throw refused();
    return this.answer({ user: outcome.user, appId, sessionId: outcome.sessionId, secret: outcome.secret });
  }

  /** Ends the session of a refresh token of this project; an unknown or spent one is a no-op. */
  async signOut(projectId: string, refreshToken: string): Promise<void> {
    const { db, clock } = this.deps;
    const [sessionId, secret] = refreshToken.split('.');
    if (!sessionId || !secret || !UUID.test(sessionId)) return;
    await db.transaction(async (tx) => {
      const session = await sessionsRepo.forUpdate(tx, sessionId);
      if (!session || session.projectId !== projectId || session.endedAt) return;
      if (matchesDigest(secret, session.tokenDigest)) await sessionsRepo.end(tx, session.id, 'signOut', clock.now());
    });
  }

  #expiry(now: Date): Date {
    return new Date(now.getTime() + SESSION_IDLE_DAYS * 86_400_000);
  }
}
