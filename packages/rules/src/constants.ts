/** Business constants of the specification (section 9 and the request layer). */

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * SECOND_MS;

/** Lifetime of the `agc_developer_userinfo` cookie; also the nominal session expiry. */
export const USER_INFO_COOKIE_MAX_AGE_MS = HOUR_MS;

/** A page whose first request is older than this reloads to pick up a fresh session. */
export const SESSION_RELOAD_AFTER_MS = 6 * HOUR_MS;

/** A second logout attempt within this time after a logout started is ignored. */
export const LOGOUT_SUPPRESS_MS = 10 * SECOND_MS;

/** Exclusive upper bound of the random login state value. */
export const LOGIN_STATE_MAX = 10_000_000;

/** Size of one chunk when a file is streamed. */
export const STREAM_CHUNK_BYTES = 65_536;

/** At most this many emoji are quoted back to the user... */
export const EMOJI_SAMPLE_LIMIT = 10;

/** ...and only when more than this many were found. */
export const EMOJI_SAMPLE_THRESHOLD = 5;

/** The offset between the numeric country id forms (see countryIdToCForm). */
export const COUNTRY_ID_OFFSET = 1_000_000;

/** Account status that forces a user of the new login mode to sign in again. */
export const ACCOUNT_STATUS_FORCE_RELOGIN = 6;

/** ret.code of the sign-in risk control refusal (sent with HTTP 400). */
export const RISK_CONTROL_CODE = 205_524_998;

/** Parameters every login request carries unless told otherwise. */
export const LOGIN_DEFAULTS = Object.freeze({
  clientId: 60992,
  loginChannel: 89000060,
  clientType: 89,
} as const);

/** Zone site ids (the `agc_team_siteId` numbering, not the country ids). */
export const ZONE_SITE_IDS = Object.freeze({
  china: 1,
  singapore: 5,
  europe: 7,
  russia: 8,
  iran: 3,
} as const);

/** The systems an app instance runs on, as device-facing calls name them (conditions, analytics). */
export const DEVICE_OSES = Object.freeze(['android', 'ios', 'harmonyos', 'web'] as const);
export type DeviceOs = (typeof DEVICE_OSES)[number];
