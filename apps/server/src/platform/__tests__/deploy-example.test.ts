import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../config';

// deploy/compose.yaml cannot run here (no container engine): what can rot is checked instead.
const DEPLOY = path.resolve(import.meta.dirname, '../../../../../deploy');
const compose = parse(fs.readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8')) as { services: Record<string, { environment?: Record<string, string>; stop_grace_period?: string }> };
const caddyfile = fs.readFileSync(path.join(DEPLOY, 'Caddyfile'), 'utf8');
const SAMPLE: Record<string, string> = { POSTGRES_PASSWORD: 'pw', MINIO_ROOT_PASSWORD: 'minio-password', SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'), FILE_URL_SECRET: 'f'.repeat(40), WHARF_OPERATOR_PASSWORD: 'operator password' };
/** Compose's `${NAME}` and `${NAME:-default}`, from the sample .env. */
const substitute = (v: string) => v.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_, name: string, fallback?: string) => SAMPLE[name] ?? fallback ?? '');
const wharf = Object.entries(compose.services).filter(([name]) => name.startsWith('wharf-'));
const seconds = (v: string) => Number(/^(\d+)s$/.exec(v)?.[1] ?? NaN);

describe('the production layout example (deploy/)', () => {
  it('configures every instance alike, in a way the server accepts in production', () => {
    expect(wharf.map(([name]) => name)).toEqual(['wharf-1', 'wharf-2', 'wharf-3']);
    const envs = wharf.map(([, s]) => Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, substitute(String(v))])));
    for (const env of envs) {
      expect(env).toEqual(envs[0]);
      const config = loadConfig({ ...env, DATA_DIR: '/tmp/wharf-deploy-check' });
      expect(config.database.kind).toBe('postgres');
      expect(config.env).toBe('production');
    }
  });

  it('balances over exactly those instances, follows /readyz, and drains longer than one check', () => {
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams).toEqual(wharf.map(([name]) => `${name}:8080`));
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    const interval = seconds(/health_interval (\S+)/.exec(caddyfile)![1]!);
    const env = wharf[0]![1].environment!;
    expect(Number(env.SHUTDOWN_DRAIN_DELAY_MS)).toBeGreaterThan(interval * 1000);
    // The container is not killed before the drain and the in-flight work are over.
    expect(seconds(wharf[0]![1].stop_grace_period!) * 1000).toBeGreaterThan(Number(env.SHUTDOWN_DRAIN_DELAY_MS) + Number(env.SHUTDOWN_TIMEOUT_MS));
  });
});
