import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, buildPath } from '@wharf/contract';
import { buildApp, LOG_REDACT, type BuiltApp } from '../../app';
import { loadConfig } from '../../config';
import { openTestDatabase, type TestDatabase } from '../../harness/test-app';

// The most talkative log level, a sign-up and sign-in with every secret a request can
// carry: none of them may appear in what the server writes.
const lines: string[] = [];
let db: TestDatabase;
let built: BuiltApp;
beforeAll(async () => {
  db = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  built = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '256', RATE_LIMIT_PER_MINUTE: '0', WHARF_JOBS: 'off', DATA_DIR: '/tmp/wharf-log-test' }),
    database: db.database,
    logger: { level: 'trace', redact: LOG_REDACT, stream },
  });
  await built.app.ready();
});
afterAll(async () => {
  await built.app.close();
  await db.destroy();
});

describe('log redaction', () => {
  it('keeps passwords, session cookies and CSRF tokens out of the log', async () => {
    const password = 'very secret passphrase 42';
    const email = `log-${Date.now()}@example.com`;
    const reg = await built.app.inject({ method: 'POST', url: buildPath(authApi.register), payload: { email, password, displayName: 'Log' } });
    expect(reg.statusCode).toBe(200);
    const session = reg.cookies.find((c) => c.name.toLowerCase().includes('session'))?.value ?? '';
    const csrf = (reg.json() as { csrfToken: string }).csrfToken;
    expect(session.length).toBeGreaterThan(10);
    await built.app.inject({
      method: 'POST',
      url: buildPath(authApi.login),
      payload: { email, password },
      headers: { cookie: `wharf_session=${session}`, 'x-csrf-token': csrf, authorization: `Bearer ${session}` },
    });
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(2);
    expect(log).not.toContain(password);
    expect(log).not.toContain(session);
    expect(log).not.toContain(csrf);
  });
});
