import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, API_ROOTS, parseAccess } from '@wharf/contract';
import { createTestApp, type TestApp } from '../../harness';

/** Routes under the API root that are not calls of the catalogue, on purpose. */
const NOT_CALLS = new Set(['/agc/edge/openapi.json']);
/** The console's calls live under `/agc/edge`, the Connect API's under `/api`. */
const underApiRoot = (url: string) => API_ROOTS.some((root) => url.startsWith(`${root}/`));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the contract is the only source of API routes', () => {
  it('registers every endpoint of the contract', () => {
    for (const e of ALL_ENDPOINTS) {
      expect(t.app.hasRoute({ method: e.method, url: e.fullPath }), `${e.id} ${e.method} ${e.fullPath}`).toBe(true);
    }
  });

  it('has no API route without a contract endpoint and its access level', () => {
    // OPTIONS routes are the CORS preflights of app-client calls, with or without an app user (platform/http/cors.ts), and only those.
    const preflights = t.routes.filter((r) => r.method === 'OPTIONS').map((r) => r.url);
    const appClientPaths = new Set(ALL_ENDPOINTS.filter((e) => parseAccess(e.access).kind === 'app-client').map((e) => e.fullPath));
    expect(preflights.filter((url) => !appClientPaths.has(url)), 'preflights of calls that are not app-client calls').toEqual([]);
    expect([...appClientPaths].filter((url) => !preflights.includes(url)), 'app-client calls without a preflight').toEqual([]);
    const api = t.routes.filter((r) => underApiRoot(r.url) && !NOT_CALLS.has(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(api.length).toBeGreaterThanOrEqual(ALL_ENDPOINTS.length);
    for (const r of api) {
      expect(r.endpoint?.access, `${String(r.method)} ${r.url} has no declared access`).toBeTruthy();
      expect(ALL_ENDPOINTS).toContain(r.endpoint);
    }
  });

  it('lets no route outside the API root pretend to be a call', () => {
    for (const r of t.routes.filter((x) => !underApiRoot(x.url))) expect(r.endpoint).toBeUndefined();
  });
});
