/**
 * Session cookies as the server sets them, for tests that run without a server: the
 * readable user-info cookie (URI-encoded JSON), the team and CSRF cookies.
 */
export interface TestSession {
  teamId?: string;
  siteId?: number;
  csrf?: string;
  /** ms since the epoch; default one hour from Date.now(). */
  expiretime?: number;
  expiretime_real?: number;
}

export const TEAM_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_TEAM_ID = '22222222-2222-4222-8222-222222222222';
export const USER_ID = '33333333-3333-4333-8333-333333333333';

export function setSessionCookies(session: TestSession = {}): void {
  const now = Date.now();
  const info = {
    siteid: session.siteId ?? 1,
    mainUserId: USER_ID,
    csrftoken: session.csrf ?? 'csrf-token',
    expiretime: session.expiretime ?? now + 3_600_000,
    expiretime_real: session.expiretime_real ?? now + 12 * 3_600_000,
  };
  document.cookie = `agc_developer_userinfo=${encodeURIComponent(JSON.stringify(info))}; path=/`;
  document.cookie = `agc_team_id=${session.teamId ?? TEAM_ID}; path=/`;
  document.cookie = `agc_team_siteId=${session.siteId ?? 1}; path=/`;
  document.cookie = `agc_csrfToken=${session.csrf ?? 'csrf-token'}; path=/`;
}

const NAMES = ['agc_developer_userinfo', 'agc_team_id', 'agc_team_siteId', 'agc_csrfToken', 'x-teamId', 'x-hd-grey'];

export function clearSessionCookies(): void {
  for (const name of NAMES) document.cookie = `${name}=; path=/; max-age=0`;
}
