import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionsApi as api, projectApi } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { journalRepo } from '../journal-repo';
import { cloudFunctionsOf } from '../services';

// Every call leaves a record and its printed lines, whatever started it: searchable logs
// and metrics in bars, as the console's Logs and Metrics tabs read them.

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTIONS_MAX_RUNNERS: '2', FUNCTIONS_SPARE_RUNNERS: '0', FUNCTION_LOG_DAYS: '3' } });
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Logs' } })).json().project.projectId;
});
afterAll(() => t.close());

const CODE = `module.exports.myHandler = async (event, context, callback, logger) => {
  console.log('order ' + event.order + ' received');
  if (event.warn) logger.warn('stock low for ' + event.order);
  if (event.fail) throw new Error('payment declined for ' + event.order);
  if (event.nul) console.log('a\\u0000b');
  return { ok: event.order };
};`;

describe.skipIf(!bubblewrapAvailable())('function logs and metrics', () => {
  it('keeps what each call printed with its level and request id, searchable by words, level, request and time', async () => {
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'orders', code: CODE } })).json().function as { functionId: string };
    const q = { projectId, functionId: fn.functionId };
    // The test clock stands still: a second passes between calls.
    const run = (event: Record<string, unknown>, requestId: string) => {
      t.clock.advance(1000);
      return u.call(api.testFunction, { query: q, body: { event, requestId } });
    };
    expect((await run({ order: 'A17' }, 'req-1')).statusCode).toBe(200);
    await run({ order: 'B22', warn: true }, 'req-2');
    const failed = (await run({ order: 'C30', fail: true }, 'req-3')).json().invocation;
    expect(failed.outcome).toBe('error');
    await run({ order: 'D40', nul: true }, 'req-4');

    const logs = async (query: Record<string, string> = {}) => {
      const res = await u.call(api.searchLogs, { query: { ...q, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: Array<{ level: string; message: string; requestId: string; at: string; version: string }>; nextCursor: string | null };
    };
    const all = (await logs()).items;
    // Newest first; the error's stack is an error line of its own call.
    expect(all[0]).toMatchObject({ requestId: 'req-4', message: 'a\uFFFDb', level: 'info', version: '$latest' });
    expect(all.filter((l) => l.requestId === 'req-3').map((l) => l.level)).toEqual(['error', 'info']);
    expect(all.find((l) => l.requestId === 'req-3' && l.level === 'error')!.message).toMatch(/payment declined for C30/);
    expect((await logs({ text: 'stock' })).items.map((l) => [l.requestId, l.level])).toEqual([['req-2', 'warn']]);
    // Each word a prefix, all of them needed, in any case.
    expect((await logs({ text: 'ORDER b2' })).items.map((l) => l.message)).toEqual(['order B22 received']);
    expect((await logs({ levels: 'warn,error' })).items.map((l) => l.requestId)).toEqual(['req-3', 'req-2']);
    expect((await logs({ requestId: 'req-1' })).items.map((l) => l.message)).toEqual(['order A17 received']);
    expect((await logs({ to: new Date(Date.parse(all.at(-1)!.at) - 1000).toISOString() })).items).toEqual([]);
    // Pages walk back without repeating a line.
    const first = await logs({ pageSize: '2' });
    const second = await logs({ pageSize: '2', cursor: first.nextCursor! });
    expect([...first.items, ...second.items].map((l) => l.message)).toEqual(all.slice(0, 4).map((l) => l.message));

    // The word index's path (lines older than the newest window) finds what the time order does.
    for (const words of [['order'], ['payment', 'c3'], ['stock'], ['b22'], ['nowhere']]) {
      const wide = await journalRepo.searchLines(t.deps.db, { functionId: fn.functionId, words }, 50);
      const narrow = await journalRepo.searchLines(t.deps.db, { functionId: fn.functionId, words }, 50, undefined, 2);
      expect(narrow.map((l) => l.id), words.join(' ')).toEqual(wide.map((l) => l.id));
      expect(narrow.map((l) => l.at.getTime())).toEqual(wide.map((l) => l.at.getTime()));
    }
    const calls = (await u.call(api.listInvocations, { query: q })).json().items as Array<{ requestId: string; outcome: string; trigger: string; coldStart: boolean; memoryMb: number | null }>;
    // Each call that answered, an error too, says the memory its runner ended it with.
    for (const c of calls) expect(c.memoryMb, c.requestId).toBeGreaterThan(10);
    expect(calls.map((c) => [c.requestId, c.outcome, c.trigger])).toEqual([['req-4', 'ok', 'test'], ['req-3', 'error', 'test'], ['req-2', 'ok', 'test'], ['req-1', 'ok', 'test']]);
    expect(calls.at(-1)!.coldStart).toBe(true);
    const failures = (await u.call(api.listInvocations, { query: { ...q, outcome: 'error' } })).json().items;
    expect(failures).toHaveLength(1);

    // Bad input: a level that is not one, words past the limit.
    const bad = await u.call(api.searchLogs, { query: { ...q, levels: 'loud' }, headers: { 'accept-language': 'ru-RU' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toMatch(/[А-я]/);
    expect((await u.call(api.searchLogs, { query: { ...q, text: 'x'.repeat(201) } })).statusCode).toBe(400);
  });

  it('records the memory a call ends with: 64 MB held by the code shows', async () => {
    const code = 'const held = []; module.exports.myHandler = async (e) => { if (e.hold) held.push(Buffer.alloc(64 * 1024 * 1024, 1)); return held.length; };';
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'holder', code, memoryMb: 256 } })).json().function as { functionId: string };
    const q = { projectId, functionId: fn.functionId };
    await u.call(api.testFunction, { query: q, body: { event: {}, requestId: 'before' } });
    await u.call(api.testFunction, { query: q, body: { event: { hold: true }, requestId: 'after' } });
    // The test clock stands still: the two calls are told apart by their request ids.
    const items = (await u.call(api.listInvocations, { query: q })).json().items as Array<{ requestId: string; memoryMb: number }>;
    const [before, after] = ['before', 'after'].map((id) => items.find((c) => c.requestId === id));
    expect(after!.memoryMb - before!.memoryMb).toBeGreaterThan(50);
    expect((await u.call(api.functionMetrics, { query: { ...q, range: '1h' } })).json().totals.memoryMax).toBe(after!.memoryMb);
  });

  it('counts calls, errors and cold starts in bars with duration percentiles, per version and alias', async () => {
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'metered', code: CODE } })).json().function as { functionId: string };
    const q = { projectId, functionId: fn.functionId };
    for (const order of ['1', '2', '3']) await u.call(api.testFunction, { query: q, body: { event: { order } } });
    await u.call(api.testFunction, { query: q, body: { event: { order: '4', fail: true } } });
    await u.call(api.publishVersion, { query: q, body: {} });
    await u.call(api.createAlias, { query: q, body: { name: 'prod', version: 1 } });
    await u.call(api.testFunction, { query: q, body: { qualifier: 'prod', event: { order: '5' } } });

    const metrics = async (query: Record<string, string>) => (await u.call(api.functionMetrics, { query: { ...q, ...query } })).json();
    const hour = await metrics({ range: '1h' });
    expect(hour.bucketSeconds).toBe(60);
    expect(hour.points).toHaveLength(60);
    expect(hour.totals).toMatchObject({ invocations: 5, errors: 1, throttles: 0, coldStarts: 2 });
    expect(hour.totals.p50).toBeGreaterThan(0);
    expect(hour.totals.memoryMax).toBeGreaterThan(10);
    expect(hour.totals.p99).toBeGreaterThanOrEqual(hour.totals.p50);
    expect(hour.points.reduce((n: number, p: { invocations: number }) => n + p.invocations, 0)).toBe(5);
    expect((await metrics({ range: '24h', qualifier: 'prod' })).totals).toMatchObject({ invocations: 1, errors: 0 });
    expect((await metrics({ range: '7d', qualifier: '$latest' })).totals).toMatchObject({ invocations: 4, errors: 1 });
    expect((await metrics({ range: '7d' })).points).toHaveLength(168);
  });

  it('forgets calls older than the deployment’s log days, and another team sees none of it', async () => {
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'aging', code: CODE } })).json().function as { functionId: string };
    const q = { projectId, functionId: fn.functionId };
    await u.call(api.testFunction, { query: q, body: { event: { order: 'old' } } });
    const stranger = await TestUser.register(t);
    expect((await stranger.call(api.searchLogs, { query: q })).statusCode).toBe(404);
    expect((await stranger.call(api.functionMetrics, { query: q })).statusCode).toBe(404);
    t.clock.advance(4 * 86_400_000);
    await u.login();
    await cloudFunctionsOf(t.deps).journal.flush(t.deps.db);
    const before = new Date(t.clock.now().getTime() - 3 * 86_400_000);
    expect(await journalRepo.prune(t.deps.db, before)).toBeGreaterThan(0);
    expect((await u.call(api.searchLogs, { query: q })).json().items).toEqual([]);
    expect((await u.call(api.functionMetrics, { query: { ...q, range: '7d' } })).json().totals.invocations).toBe(0);
  });

  it('keeps test events under names for the team, replacing one of the same name, within limits', async () => {
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'params' } })).json().function as { functionId: string };
    const q = { projectId, functionId: fn.functionId };
    expect((await u.call(api.listTestEvents, { query: q })).json().events).toEqual([]);
    expect((await u.call(api.saveTestEvent, { query: q, body: { name: 'big order', event: { order: 'A17', items: 40 } } })).statusCode).toBe(200);
    await u.call(api.saveTestEvent, { query: q, body: { name: 'empty', event: {} } });
    await u.call(api.saveTestEvent, { query: q, body: { name: 'big order', event: { order: 'A18', items: 41 } } });
    expect((await u.call(api.listTestEvents, { query: q })).json().events).toMatchObject([{ name: 'big order', event: { order: 'A18', items: 41 } }, { name: 'empty', event: {} }]);
    expect((await u.call(api.deleteTestEvent, { query: { ...q, name: 'empty' } })).statusCode).toBe(200);
    expect((await u.call(api.deleteTestEvent, { query: { ...q, name: 'empty' } })).statusCode).toBe(404);
    const big = await u.call(api.saveTestEvent, { query: q, body: { name: 'huge', event: { x: 'x'.repeat(70_000) } }, headers: { 'accept-language': 'ru-RU' } });
    expect(big.statusCode).toBe(400);
    expect(big.json().ret.msg).toMatch(/64/);
    for (let i = 0; i < 19; i++) await u.call(api.saveTestEvent, { query: q, body: { name: `e${i}`, event: i } });
    expect((await u.call(api.saveTestEvent, { query: q, body: { name: 'one more', event: 1 } })).statusCode).toBe(409);
    expect((await u.call(api.saveTestEvent, { query: q, body: { name: 'e3', event: 'replaced' } })).statusCode).toBe(200);
  });
});
