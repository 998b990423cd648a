import type { TestApp } from './test-app';

/**
 * `fetch` answered by the test app without a socket, for the SDKs (`@wharf/client`,
 * `@wharf/analytics`) run against the real server. `app` is read at each call, as test
 * files make their app in `beforeAll`.
 */
export function injectFetch(app: () => TestApp): typeof fetch {
  return (async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const res = await app().app.inject({ method: (init.method ?? 'GET') as 'GET', url: url.pathname + url.search, headers: init.headers as Record<string, string>, ...(init.body ? { payload: String(init.body) } : {}) });
    return new Response(res.statusCode === 304 ? null : res.body, { status: res.statusCode, headers: res.headers as Record<string, string> });
  }) as unknown as typeof fetch;
}
