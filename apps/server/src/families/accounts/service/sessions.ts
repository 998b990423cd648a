import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { USER_INFO_COOKIE_MAX_AGE_MS } from '@wharf/rules';
import type { Deps } from '../../../platform/deps';
import type { DbOrTx } from '../../../platform/db/types';
import { sessionsRepo, type SessionRow } from '../repo/sessions';
import { teamsRepo, type TeamRow } from '../repo/teams';
import type { UserRow } from '../repo/users';
import { canaryBucket, hashToken, newToken } from '../tokens';
import { setSessionCookies, type DeveloperUserInfo } from './cookies';

export interface LoginAnswer {
  siteID: number;
  csrfToken: string;
  teamId: string;
  redirectUri: string;
  userInfo: DeveloperUserInfo;
}

/** The team a new session starts in: the first one whose membership has not expired. */
export async function defaultTeam(db: DbOrTx, userId: string, now: Date): Promise<TeamRow | null> {
  const all = await teamsRepo.ofUser(db, userId);
  return all.find((m) => !m.membership.expiresAt || m.membership.expiresAt > now)?.team ?? null;
}

export function userInfoOf(session: SessionRow, team: TeamRow | null): DeveloperUserInfo {
  return {
    siteid: team?.siteId ?? 1,
    mainUserId: team?.mainUserId ?? session.userId,
    csrftoken: session.csrfToken,
    expiretime: session.expiresAt.getTime(),
    expiretime_real: session.realExpiresAt.getTime(),
  };
}

export function isGrey(deps: Deps, userId: string): boolean {
  return canaryBucket(userId) < deps.config.canaryPercent;
}

/** Opens a session in the caller's transaction and returns its token (never stored). */
export async function openSession(
  deps: Deps,
  tx: DbOrTx,
  req: FastifyRequest,
  user: UserRow,
  team: TeamRow | null,
): Promise<{ token: string; session: SessionRow }> {
  const now = deps.clock.now();
  const token = newToken();
  const realExpiresAt = new Date(now.getTime() + deps.config.sessionRealTtlMs);
  const session = await sessionsRepo.insert(tx, {
    tokenHash: hashToken(token),
    userId: user.id,
    currentTeamId: team?.id ?? null,
    csrfToken: randomBytes(24).toString('base64url'),
    createdAt: now,
    refreshedAt: now,
    expiresAt: new Date(Math.min(now.getTime() + USER_INFO_COOKIE_MAX_AGE_MS, realExpiresAt.getTime())),
    realExpiresAt,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) || null,
  });
  return { token, session };
}

/** Sets the cookies and builds the answer shared by sign-in, sign-up and refresh. */
export function answerWithSession(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  s: { token?: string; session: SessionRow; team: TeamRow | null; redirectUri: string },
): LoginAnswer {
  const userInfo = userInfoOf(s.session, s.team);
  setSessionCookies(req, reply, deps.config, {
    ...(s.token ? { token: s.token } : {}),
    userInfo,
    teamId: s.team?.id ?? '',
    siteId: userInfo.siteid,
    grey: isGrey(deps, s.session.userId),
    now: deps.clock.now(),
  });
  return { siteID: userInfo.siteid, csrfToken: s.session.csrfToken, teamId: s.team?.id ?? '', redirectUri: s.redirectUri, userInfo };
}

/** Only places inside this console: a path or a hash, never another origin. */
export function safeRedirect(redirect: string | undefined, state: number | undefined): string {
  let target = redirect && /^(\/(?!\/)|#)/.test(redirect) && !/[\\\s]/.test(redirect) ? redirect : '/#/';
  if (state !== undefined) target += `${target.includes('?') ? '&' : '?'}state=${state}`;
  return target;
}
