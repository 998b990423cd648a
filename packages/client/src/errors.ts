/** The `ret.code` values an app most often decides on (the full list: the console's error catalogue). */
export const WHARF_CODES = {
  /** A field of the call is wrong; `errors` names each. */
  invalid: 100400,
  /** Email sign-in: the email or the password is wrong. */
  credentialsInvalid: 100406,
  /** The method is off for the project, or the app user is disabled. */
  forbidden: 100403,
  /** The email already has an account. */
  conflict: 100409,
  /** The app's client ID or API key is missing, unknown or replaced. */
  appCredentialsInvalid: 100411,
  /** The app's key does not allow this package name or web origin. */
  appKeyRestricted: 100417,
  /** The app user's token is missing, expired or revoked: sign in again. */
  appUserTokenInvalid: 100418,
  /** Too many calls: the SDK waits `Retry-After` and tries again. */
  tooManyRequests: 100429,
} as const;

/** `network` when no answer came (offline, DNS, reset); `config` for a configuration file it cannot use. */
export type WharfErrorCode = number | 'network' | 'config' | 'signed-out';

/**
 * Every failure the SDK reports. `message` is the server's own, in the language the client
 * asked for (`lang`), fit to show to the user as it is.
 */
export class WharfError extends Error {
  override readonly name = 'WharfError';
  constructor(
    message: string,
    readonly code: WharfErrorCode,
    /** The HTTP status; 0 when no answer came. */
    readonly status = 0,
    /** What the server said was wrong with each field (`code` 100400). */
    readonly errors: readonly { field?: string; message?: string }[] = [],
    /** How long the server asked to wait before the next try (429, 503), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** Whether trying again later can succeed: no answer came, the server was busy, or asked to wait. */
  get transient(): boolean {
    return this.code === 'network' || this.status === 429 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}
