import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, HEADERS, okResponse, RET_CODES } from '@wharf/contract';
import { createTestApp, type TestApp } from '../../../harness';
import { withDatabase, type TemplateInfo } from '../../../harness/template';
import { openPostgres } from '../../db/client';
import type { Family } from '../../deps';
import { registerEndpoint } from '../../http/register';
import { LEASED_FROM, RateLimiter, rateKey } from '..';

// A device call limited per device, on a family that exists only here.
const ping = defineEndpoint({
  id: 'rateProbe.ping',
  method: 'GET',
  prefix: 'probe/v1',
  path: '/ping',
  access: 'device',
  rateLimit: { class: 'probe', by: 'device' },
  summary: 'probe',
  query: z.object({ deviceId: z.string().optional() }),
  response: okResponse({}),
});
const probe: Family = { name: 'rate-probe', register: (app) => registerEndpoint(app, ping, async () => ({})) };
const env = { RATE_LIMITS: JSON.stringify({ probe: { limit: 3, windowMs: 60_000 } }) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env, families: [probe] });
});
afterAll(() => t.close());

const call = (deviceId: string, headers: Record<string, string> = {}) => t.app.inject({ url: ping.fullPath, query: { deviceId }, headers });

describe('the shared rate limit', () => {
  it('counts per window and key, and starts again in the next window', async () => {
    const policy = { limit: 2, windowMs: 10_000 };
    const key = rateKey('unit', 'device', 'd-unit');
    const seen = [];
    for (let i = 0; i < 3; i += 1) seen.push(await t.deps.rateLimits.hit(key, policy));
    expect(seen.map((v) => [v.allowed, v.remaining])).toEqual([[true, 1], [true, 0], [false, 0]]);
    expect((await t.deps.rateLimits.hit(rateKey('unit', 'device', 'other'), policy)).allowed).toBe(true);
    t.clock.advance(10_000);
    expect(await t.deps.rateLimits.hit(key, policy)).toMatchObject({ allowed: true, remaining: 1 });
    t.clock.advance(20_000);
    expect(await t.deps.rateLimits.sweep()).toBeGreaterThanOrEqual(3);
  });

  it('answers limited calls with X-RateLimit headers and the fourth with 429, Retry-After and a readable message', async () => {
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await call('device-a'));
    expect(answers.map((r) => [r.statusCode, r.headers['x-ratelimit-limit'], r.headers['x-ratelimit-remaining']])).toEqual([
      [200, '3', '2'],
      [200, '3', '1'],
      [200, '3', '0'],
    ]);
    const reset = Number(answers[0]!.headers['x-ratelimit-reset']);
    expect(reset * 1000).toBeGreaterThan(t.clock.now().getTime());
    const refused = await call('device-a', { [HEADERS.language]: 'zh' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().ret).toEqual({ code: RET_CODES.rateLimited.code, msg: RET_CODES.rateLimited.zh });
    expect(Number(refused.headers['retry-after'])).toBe(reset - Math.floor(t.clock.now().getTime() / 1000));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect((await call('device-a')).json().ret.msg).toBe(RET_CODES.rateLimited.en);
    // Another device has its own count.
    expect((await call('device-b')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await call('device-a')).statusCode).toBe(200);
  });

  it('counts large limits in leases of 1 %: two limiters on one database let exactly the limit through, with one write per lease', async () => {
    const policy = { limit: 1000, windowMs: 60_000 };
    const key = rateKey('unit', 'app', 'leased');
    const shared = async () => Number(((await t.deps.database.executeSql('select count from rate_limit_windows where key = $1', [key])).rows[0] as { count: number } | undefined)?.count ?? 0);
    const a = new RateLimiter({ db: t.deps.db, clock: t.clock });
    const b = new RateLimiter({ db: t.deps.db, clock: t.clock });
    const first = await Promise.all(Array.from({ length: 5 }, () => a.hit(key, policy)));
    expect(first.every((v) => v.allowed)).toBe(true);
    expect(await shared()).toBe(10);
    let allowed = 5;
    for (let i = 0; i < 1100; i += 1) if ((await (i % 2 ? a : b).hit(key, policy)).allowed) allowed += 1;
    expect(allowed).toBe(1000);
    expect(await shared()).toBeLessThanOrEqual(1000 + 2 * 10);
    // Full: refused without asking the database again, until the next window.
    const before = await shared();
    expect((await a.hit(key, policy)).allowed).toBe(false);
    expect(await shared()).toBe(before);
    t.clock.advance(60_000);
    expect((await b.hit(key, policy)).allowed).toBe(true);
    expect(LEASED_FROM).toBeGreaterThan(100);
  });

  it('refuses to start with a limited endpoint whose class is not configured', async () => {
    await expect(createTestApp({ families: [probe] })).rejects.toThrow(/limited as "probe", a class RATE_LIMITS does not define/);
  });
});

const info = JSON.parse(inject('dbTemplate')) as TemplateInfo;
describe.runIf(info.kind === 'postgres')('two instances on one PostgreSQL', () => {
  it('share the limit: together they let through exactly the limit', async () => {
    const name = ((await t.deps.database.executeSql('select current_database() as db')).rows[0] as { db: string }).db;
    const second = await openPostgres(withDatabase(info.url!, name), 5);
    const other = await createTestApp({ env, families: [probe], database: second, clock: t.clock });
    try {
      const both = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? other : t).app.inject({ url: ping.fullPath, query: { deviceId: 'shared-device' } })));
      expect(both.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(both.filter((r) => r.statusCode === 429)).toHaveLength(17);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
