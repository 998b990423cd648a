import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../../config';

export interface SecretKey {
  /** Stored with each value, so rotation knows which key made it. */
  id: string;
  bytes: Buffer;
}

export interface Keyring {
  current: SecretKey;
  byId: ReadonlyMap<string, SecretKey>;
  /** Where the current key came from, for the start-up line. */
  source: 'config' | 'file' | 'new file';
}

/** A start-up refusal, printed as one line like other configuration errors. */
export class SecretsKeyError extends ConfigError {}

function keyOf(base64: string, what: string): SecretKey {
  const bytes = Buffer.from(base64.trim(), 'base64');
  if (bytes.length !== 32) throw new SecretsKeyError(`${what} must be 32 bytes in base64 (e.g. openssl rand -base64 32); it is ${bytes.length} bytes`);
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 12), bytes };
}

/**
 * The keys from configuration: SECRETS_KEY, else a key file made once under DATA_DIR
 * (0600), so the embedded default needs no setup. Several instances on one PostgreSQL
 * must be given the same SECRETS_KEY (the start-up line says which one is in use).
 */
export function loadKeyring(config: Pick<Config, 'secrets'>): Keyring {
  const { key, oldKeys, keyFile } = config.secrets;
  let current: SecretKey;
  let source: Keyring['source'];
  if (key) {
    current = keyOf(key, 'SECRETS_KEY');
    source = 'config';
  } else if (fs.existsSync(keyFile)) {
    current = keyOf(fs.readFileSync(keyFile, 'utf8'), keyFile);
    source = 'file';
  } else {
    const fresh = randomBytes(32).toString('base64');
    fs.mkdirSync(path.dirname(keyFile), { recursive: true });
    // wx: two processes starting at once do not overwrite each other's key.
    try {
      fs.writeFileSync(keyFile, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
      source = 'new file';
    } catch {
      source = 'file';
    }
    current = keyOf(fs.readFileSync(keyFile, 'utf8'), keyFile);
  }
  const byId = new Map<string, SecretKey>([[current.id, current]]);
  oldKeys.forEach((k, i) => {
    const old = keyOf(k, `SECRETS_OLD_KEYS[${i}]`);
    byId.set(old.id, old);
  });
  return { current, byId, source };
}
