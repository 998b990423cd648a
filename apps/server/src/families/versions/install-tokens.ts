import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Secrets } from '../../platform/secrets';

const PURPOSE = 'install tokens';
/** An install lasts as long as the device keeps the app; three years bounds what a leaked token is worth. */
const LIFETIME_SECONDS = 3 * 365 * 24 * 3600;

/** What a package download vouches for: this device downloaded this app's version. */
export interface InstallClaim {
  appId: string;
  deviceId: string;
  versionId: string;
  /** The country the download was counted in; null when it could not be told. */
  country: string | null;
  issuedAt: Date;
}

const mac = (key: Uint8Array, input: string) => createHmac('sha256', key).update(input).digest();

/**
 * The install token a download answers in `X-Install-Token` when it names its device: an
 * HMAC-signed claim, so checking one reads no table and a changed device id alone proves
 * nothing. `<key id>.<claim>.<mac>`, each part base64url; the key is derived from the
 * secrets key (rotated with it, old ones checked while SECRETS_OLD_KEYS holds them).
 */
export function issueInstallToken(secrets: Secrets, claim: Omit<InstallClaim, 'issuedAt'>, now: Date): string {
  const key = secrets.signingKey(PURPOSE)!;
  const body = Buffer.from(JSON.stringify([claim.appId, claim.deviceId, claim.versionId, claim.country, Math.floor(now.getTime() / 1000)])).toString('base64url');
  const input = `${key.keyId}.${body}`;
  return `${input}.${mac(key.bytes, input).toString('base64url')}`;
}

/** The claim of a token this server signed, still valid; null for anything else. */
export function readInstallToken(secrets: Secrets, token: string, now: Date): InstallClaim | null {
  const [keyId, body, signature, extra] = token.split('.');
  if (!keyId || !body || !signature || extra !== undefined) return null;
  const key = secrets.signingKey(PURPOSE, keyId);
  if (!key) return null;
  const expected = mac(key.bytes, `${keyId}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [appId, deviceId, versionId, country, issued] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, string, string, string | null, number];
    if (typeof appId !== 'string' || typeof deviceId !== 'string' || typeof versionId !== 'string' || typeof issued !== 'number') return null;
    if (now.getTime() / 1000 - issued > LIFETIME_SECONDS) return null;
    return { appId, deviceId, versionId, country: typeof country === 'string' ? country : null, issuedAt: new Date(issued * 1000) };
  } catch {
    return null;
  }
}
