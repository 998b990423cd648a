import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cloudFunctionsApi as api, projectApi } from '@wharf/contract';
import { trafficShare } from '@wharf/rules';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

// Functions really run: from the console's test call and through their HTTP address on the
// user-content origin, each in a sandboxed runner of this machine's pool.

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTIONS_MAX_RUNNERS: '3', FUNCTIONS_SPARE_RUNNERS: '1' } });
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Runs' } })).json().project.projectId;
});
afterAll(() => t.close());

async function make(name: string, code: string, extra: Record<string, unknown> = {}) {
  const res = await u.call(api.createFunction, { query: { projectId }, body: { name, code, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  const fn = res.json().function as { functionId: string };
  return { q: { projectId, functionId: fn.functionId }, fn };
}
const test = (q: Record<string, string>, body: Record<string, unknown>) => u.call(api.testFunction, { query: q, body });
const http = (path: string, init: { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; payload?: string } = {}) =>
  t.deps.userContent.app.inject({ method: init.method ?? 'GET', url: `/functions/${projectId}/${path}`, headers: init.headers, payload: init.payload });

describe.skipIf(!bubblewrapAvailable())('running functions', () => {
  it('runs $latest from the console with its output, environment and a cold then warm start', async () => {
    const { q } = await make('hello', `module.exports.myHandler = function (event, context, callback, logger) { logger.info('hi ' + event.name); callback({ hello: event.name, key: process.env.KEY, ran: context.version }); };`, { env: [{ name: 'KEY', value: 'v' }] });
    const first = (await test(q, { event: { name: 'Ann' } })).json().invocation;
    expect(first).toMatchObject({ outcome: 'ok', result: { hello: 'Ann', key: 'v', ran: '$latest' }, ran: '$latest', coldStart: true, output: 'hi Ann\n' });
    expect((await test(q, { event: { name: 'Bo' } })).json().invocation).toMatchObject({ outcome: 'ok', coldStart: false });
    // An edit runs at once: $latest is the code as saved, on this instance whenever the
    // message to the others comes back (PostgreSQL's came after the next call, once).
    const late = vi.spyOn(t.deps.pubsub, 'publishIn').mockResolvedValue(undefined);
    try {
      await u.call(api.updateFunction, { query: q, body: { code: `module.exports.myHandler = async () => 'edited';` } });
      expect((await test(q, {})).json().invocation).toMatchObject({ outcome: 'ok', result: 'edited', coldStart: true });
    } finally {
      late.mockRestore();
    }
    const failing = (await test(q, { qualifier: '7' }));
    expect(failing.statusCode).toBe(404);
  });

  it('answers HTTP calls on the user-content origin only, with the request in the event and the answer the function built', async () => {
    await make('echo', `module.exports.myHandler = async (event, context) => event.queryStringParameters.shape === 'agc'
        ? new context.HTTPResponse({ method: event.httpMethod, body: event.body, path: event.path }, { 'x-made-by': 'echo', 'set-cookie': 'a=b' }, 'application/json', 201)
        : { statusCode: 202, headers: { 'content-type': 'text/plain' }, body: 'plain ' + event.headers['x-extra'] };`);
    const agc = await http('echo/$latest/sub/path?shape=agc', { method: 'POST', payload: 'hello body', headers: { 'content-type': 'text/plain', 'x-request-id': 'fixed-id-1' } });
    expect(agc.statusCode).toBe(201);
    expect(agc.json()).toEqual({ method: 'POST', body: 'hello body', path: '/sub/path' });
    expect(agc.headers).toMatchObject({ 'x-made-by': 'echo', 'x-request-id': 'fixed-id-1', 'x-function-version': '$latest' });
    expect(agc.headers['set-cookie']).toBeUndefined();
    const gateway = await http('echo/%24latest?shape=gw', { headers: { 'x-extra': 'yes' } });
    expect(gateway.statusCode).toBe(202);
    expect(gateway.body).toBe('plain yes');
    expect((await t.app.inject({ url: `/functions/${projectId}/echo/$latest` })).body).not.toContain('plain');
    expect((await http('nothing/$latest')).statusCode).toBe(404);
    // ...until it is made: an address asked for too early answers once it exists.
    await make('nothing', `module.exports.myHandler = async () => 'made';`);
    expect((await http('nothing/$latest')).body).toBe('"made"');
    expect((await http('echo/prod')).statusCode).toBe(404);
    // A broken escape is refused before the route (400), never a 500.
    expect((await http('echo/%E0%A4%A')).statusCode).toBe(400);
  });

  it('sends exactly the request ids that fall in the weight to the additional version', async () => {
    const { q } = await make('split', `module.exports.myHandler = async () => ({ v: 1 });`);
    await u.call(api.publishVersion, { query: q, body: {} });
    await u.call(api.updateFunction, { query: q, body: { code: `module.exports.myHandler = async () => ({ v: 2 });` } });
    await u.call(api.publishVersion, { query: q, body: {} });
    await u.call(api.createAlias, { query: q, body: { name: 'prod', version: 1, additionalVersion: 2, additionalWeight: 10 } });
    const ids = Array.from({ length: 60 }, (_, i) => `req-${i}`);
    const got: Record<string, number> = {};
    for (const id of ids) {
      const res = await http('split/prod', { headers: { 'x-request-id': id } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-function-version']).toBe(String(res.json().v));
      got[id] = res.json().v;
    }
    for (const id of ids) expect(got[id], id).toBe(trafficShare(id) < 10 ? 2 : 1);
    expect(Object.values(got)).toContain(2);
    expect((await test(q, { qualifier: '1' })).json().invocation).toMatchObject({ result: { v: 1 }, ran: '1' });
  });

  it('says what went wrong: an error, a timeout (and the next call answers), a crash; and throttles past the machine', async () => {
    const { q } = await make('moody', `module.exports.myHandler = async (event) => {
        if (event.queryStringParameters) event = event.queryStringParameters;
        if (event.mode === 'throw') throw new Error('it broke');
        if (event.mode === 'spin') for (;;);
        if (event.mode === 'exit') process.exit(2);
        if (event.mode === 'wait') await new Promise((r) => setTimeout(r, 600));
        return 'fine'; };`, { timeoutSeconds: 1 });
    const thrown = await test(q, { event: { mode: 'throw' } });
    expect(thrown.statusCode, thrown.body).toBe(200);
    expect(thrown.json().invocation).toMatchObject({ outcome: 'error', error: 'it broke', output: expect.stringContaining('/code/index.js') });
    expect((await test(q, { event: { mode: 'spin' } })).json().invocation).toMatchObject({ outcome: 'timeout' });
    expect((await test(q, { event: {} })).json().invocation).toMatchObject({ outcome: 'ok', result: 'fine' });
    expect((await test(q, { event: { mode: 'exit' } })).json().invocation).toMatchObject({ outcome: 'crashed' });
    const spun = await http('moody/$latest?x=1', { method: 'POST', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(spun.statusCode).toBe(200);

    // 100 slow calls at once to a function no call has run yet, on a machine of three
    // runners, one call each: its code is handed over once, three answer, the rest are
    // refused at once with a clear status, and the server's own health check keeps answering.
    await make('burst', `module.exports.myHandler = async () => { await new Promise((r) => setTimeout(r, 600)); return 'slow'; };`);
    const burst = Promise.all(Array.from({ length: 100 }, () => http('burst/$latest')));
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const many = await burst;
    const statuses = many.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 200 || s === 429)).toHaveLength(100);
    const throttled = many.find((r) => r.statusCode === 429)!;
    expect(throttled.json().ret.msg).toMatch(/as many calls as it may/);
    expect(throttled.headers['retry-after']).toBe('1');
  });
});
