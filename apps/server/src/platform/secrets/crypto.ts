import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Keyring, SecretKey } from './keyring';

export class SecretUnreadableError extends Error {}

/**
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url): AES-256-GCM, with the secret's row id
 * as additional data, so a ciphertext copied onto another row does not decrypt.
 */
export function seal(key: SecretKey, plaintext: string, rowId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
  cipher.setAAD(Buffer.from(rowId));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', key.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function open(keyring: Keyring, stored: string, rowId: string): string {
  const [version, keyId, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new SecretUnreadableError('the stored secret is not in a known format');
  const key = keyring.byId.get(keyId ?? '');
  if (!key) throw new SecretUnreadableError(`the secret was encrypted with key ${keyId}, which is not configured (SECRETS_KEY or SECRETS_OLD_KEYS)`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(rowId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError('the stored secret does not match its key: it was changed, or the key is wrong');
  }
}

const PEPPERS = new WeakMap<SecretKey, Buffer>();

/**
 * A per-key pepper, derived so that the encryption key itself never hashes anything; once
 * per key, since a client secret is checked on every token call.
 */
function pepper(key: SecretKey): Buffer {
  let derived = PEPPERS.get(key);
  if (!derived) {
    derived = Buffer.from(hkdfSync('sha256', key.bytes, Buffer.alloc(0), 'wharf secrets: verifiable', 32));
    PEPPERS.set(key, derived);
  }
  return derived;
}

/**
 * `h1.<key id>.<HMAC-SHA256>`: for secrets the server only has to recognise (client
 * secrets it generated, 256 random bits), a keyed hash is enough and cannot be reversed.
 */
export function digest(key: SecretKey, plaintext: string, rowId: string): string {
  return ['h1', key.id, createHmac('sha256', pepper(key)).update(rowId).update('\0').update(plaintext).digest('base64url')].join('.');
}

export function matches(keyring: Keyring, stored: string, candidate: string, rowId: string): boolean {
  const [version, keyId] = stored.split('.');
  const key = keyring.byId.get(keyId ?? '');
  if (version !== 'h1' || !key) return false;
  const expected = Buffer.from(stored);
  const actual = Buffer.from(digest(key, candidate, rowId));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
