import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError, EXIT } from './errors';

/** What `wharf login` keeps: the deployment and one of the two kinds of credentials. */
export interface Credentials {
  url: string;
  clientId?: string;
  clientSecret?: string;
  /** A service account's key file (AppGallery Connect's `*private.json` shape). */
  keyFile?: { key_id: string; private_key: string; sub_account: string; token_uri?: string };
}

export type Env = Record<string, string | undefined>;

export const configPath = (env: Env) => env.WHARF_CONFIG ?? path.join(env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'), 'wharf', 'credentials.json');

/**
 * The credentials of this run: the environment first (what a CI job sets from its secret
 * store: WHARF_URL with WHARF_CLIENT_ID and WHARF_CLIENT_SECRET, or WHARF_KEY_FILE), else
 * what `wharf login` saved.
 */
export function loadCredentials(env: Env): Credentials {
  const saved = fs.existsSync(configPath(env)) ? (JSON.parse(fs.readFileSync(configPath(env), 'utf8')) as Credentials) : null;
  const url = env.WHARF_URL ?? saved?.url;
  if (!url) throw new CliError('No deployment: run `wharf login --url https://wharf.example.com ...` or set WHARF_URL', EXIT.usage);
  if (env.WHARF_KEY_FILE) return { url, keyFile: readKeyFile(env.WHARF_KEY_FILE) };
  if (env.WHARF_CLIENT_ID && env.WHARF_CLIENT_SECRET) return { url, clientId: env.WHARF_CLIENT_ID, clientSecret: env.WHARF_CLIENT_SECRET };
  if (!saved || (!saved.keyFile && !saved.clientSecret)) {
    throw new CliError('No credentials: run `wharf login` with --client-id and --client-secret or --key-file, or set WHARF_CLIENT_ID and WHARF_CLIENT_SECRET (or WHARF_KEY_FILE)', EXIT.usage);
  }
  return { ...saved, url };
}

export function readKeyFile(file: string): NonNullable<Credentials['keyFile']> {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new CliError(`Cannot read the key file ${file}: ${(err as Error).message}`, EXIT.usage);
  }
  const { key_id, private_key, sub_account, token_uri } = parsed;
  if (typeof key_id !== 'string' || typeof private_key !== 'string' || typeof sub_account !== 'string') {
    throw new CliError(`${file} is not a service account key file (it needs key_id, private_key and sub_account)`, EXIT.usage);
  }
  return { key_id, private_key, sub_account, ...(typeof token_uri === 'string' ? { token_uri } : {}) };
}

/** Saved readable by this user only: it holds a secret. */
export function saveCredentials(env: Env, c: Credentials): string {
  const file = configPath(env);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${JSON.stringify(c, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}
