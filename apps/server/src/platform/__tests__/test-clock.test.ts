import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../clock';
import { createTestApp } from '../../harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openTestDatabase } from '../../harness/test-app';

describe('the test clock route', () => {
  it('does not exist without the test flag', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/__test/clock', payload: { advanceMs: 1000 } });
    expect(res.statusCode).toBe(404);
    await t.close();
  });

  it('moves time and fires what became due when the flag is set', async () => {
    const { database, destroy } = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', WHARF_TEST_CLOCK: '1', LOG_LEVEL: 'silent', WHARF_JOBS: 'off', DATA_DIR: '/tmp/wharf-test-clock' });
    const { app, deps } = await buildApp({ config, database });
    expect(deps.clock).toBeInstanceOf(OffsetClock);
    const fired: string[] = [];
    deps.dueActions.handle('test.tick', async (_tx, p) => {
      fired.push(String(p.n));
    });
    await deps.dueActions.schedule(deps.db, { kind: 'test.tick', dueAt: new Date(Date.now() + 3_600_000), payload: { n: 1 } });
    const res = await app.inject({ method: 'POST', url: '/__test/clock', payload: { advanceMs: 3_600_001 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().fired).toBe(1);
    expect(new Date(res.json().now).getTime()).toBeGreaterThan(Date.now() + 3_599_000);
    expect(fired).toEqual(['1']);
    const bad = await app.inject({ method: 'POST', url: '/__test/clock', payload: { advanceMs: -5 } });
    expect(bad.statusCode).toBe(400);
    await app.close();
    await destroy();
  });
});
