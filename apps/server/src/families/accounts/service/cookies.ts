import type { FastifyReply, FastifyRequest } from 'fastify';
import { USER_INFO_COOKIE_MAX_AGE_MS } from '@wharf/rules';
import type { Config } from '../../../config';

export const SESSION_COOKIE = 'wharf_session';
/** The readable cookies of the specification; the console reads them, never the session one. */
export const READABLE_COOKIES = ['agc_developer_userinfo', 'agc_team_id', 'agc_team_siteId', 'agc_csrfToken', 'x-teamId', 'x-hd-grey'] as const;

export interface DeveloperUserInfo {
  siteid: number;
  mainUserId: string;
  csrftoken: string;
  expiretime: number;
  expiretime_real: number;
}

export interface CookieState {
  /** Only when the session token is new (sign-in, sign-up). */
  token?: string;
  userInfo: DeveloperUserInfo;
  teamId: string;
  siteId: number;
  grey: boolean;
  now: Date;
}

function secure(req: FastifyRequest, config: Config): boolean {
  return config.cookieSecure === 'always' || (config.cookieSecure === 'auto' && req.protocol === 'https');
}

export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, config: Config, state: CookieState): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: secure(req, config) };
  const realSeconds = Math.max(1, Math.floor((state.userInfo.expiretime_real - state.now.getTime()) / 1000));
  if (state.token) reply.setCookie(SESSION_COOKIE, state.token, { ...base, httpOnly: true, maxAge: realSeconds });
  // The user-info cookie lives one hour and is renewed by every refresh until the real expiry.
  const infoSeconds = Math.min(realSeconds, USER_INFO_COOKIE_MAX_AGE_MS / 1000);
  reply.setCookie('agc_developer_userinfo', JSON.stringify(state.userInfo), { ...base, maxAge: infoSeconds });
  for (const [name, value] of [
    ['agc_team_id', state.teamId],
    ['x-teamId', state.teamId],
    ['agc_team_siteId', String(state.siteId)],
    ['agc_csrfToken', state.userInfo.csrftoken],
  ] as const) {
    reply.setCookie(name, value, { ...base, maxAge: realSeconds });
  }
  if (state.grey) reply.setCookie('x-hd-grey', '1', { ...base, maxAge: realSeconds });
  else reply.clearCookie('x-hd-grey', { path: '/' });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  for (const name of READABLE_COOKIES) reply.clearCookie(name, { path: '/' });
}
