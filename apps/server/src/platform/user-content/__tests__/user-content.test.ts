import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleApi } from '@wharf/contract';
import { FAMILIES } from '../../../families';
import { createTestApp, type TestApp } from '../../../harness';
import type { Family } from '../../deps';

// A family serving a page on the user-content origin, as hosting and storage will.
const site: Family = {
  name: 'user-content-probe',
  register(_app, deps) {
    deps.userContent.app.get('/sites/demo/', async (_req, reply) => {
      reply.header('set-cookie', 'planted=1; Path=/');
      return reply.type('text/html; charset=utf-8').send('<!doctype html><title>user site</title><p>hello');
    });
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ families: [...FAMILIES, site], env: { USER_CONTENT_PORT: '0' } });
});
afterAll(() => t.close());

describe('the user-content origin', () => {
  it("serves families' pages with the user-content policy, and no cookies", async () => {
    const res = await t.deps.userContent.app.inject({ url: '/sites/demo/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('user site');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("answers none of the console's calls or pages, and the console none of the user content", async () => {
    for (const url of [consoleApi.getConfig.fullPath, '/', '/en/', '/healthz', '/docs']) {
      const res = await t.deps.userContent.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('ret');
    }
    expect((await t.app.inject({ url: consoleApi.getConfig.fullPath })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/sites/demo/' })).body).not.toContain('user site');
  });

  it('listens on a port of its own, named by the origin it reports', async () => {
    const origin = await t.deps.userContent.listen('127.0.0.1');
    const port = new URL(origin).port;
    expect(origin).toBe(`http://usercontent.localhost:${port}`);
    expect(t.deps.userContent.url('/sites/demo/')).toBe(`${origin}/sites/demo/`);
    const res = await fetch(`http://127.0.0.1:${port}/sites/demo/`);
    expect(await res.text()).toContain('user site');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
