/** A recorded call and a scripted answer: the SDK's mechanics tested without a server (the server's own test drives it against the real one). */
export interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network';

export function fakeFetch(answer: (call: Seen, index: number) => Reply) {
  const seen: Seen[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    const call: Seen = { method: init.method ?? 'GET', url, headers: { ...(init.headers as Record<string, string>) }, body: init.body ? JSON.parse(String(init.body)) : undefined };
    seen.push(call);
    const reply = answer(call, seen.length - 1);
    if (reply === 'network') throw new TypeError('fetch failed');
    const status = reply.status ?? 200;
    if (status === 304) return new Response(null, { status, headers: reply.headers ?? {} });
    const body = reply.body ?? (status === 200 ? {} : { ret: { code: status * 1000 + 0, msg: `failed ${status}` } });
    return new Response(JSON.stringify(status === 200 ? { ret: { code: 0, msg: 'ok' }, ...(body as object) } : body), { status, headers: reply.headers ?? {} });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

export const configFile = {
  configuration_version: '3.0',
  agcgw: { url: 'https://wharf.test/agc/edge/' },
  client: { app_id: 'app-1', project_id: 'project-1', client_id: '123456789012345678', api_key: 'key-1', package_name: 'com.example.notes' },
};

export function user(id = 'u-1', extra: object = {}) {
  return { appUserId: id, projectId: 'project-1', anonymous: true, email: null, emailVerified: false, phone: null, displayName: null, providers: ['anonymous'], disabled: false, createdAt: '2026-11-27T00:00:00.000Z', lastSignInAt: null, ...extra };
}

export function session(n: number, id = 'u-1', expiresIn = 3600) {
  return { user: user(id), tokenType: 'Bearer', accessToken: `access-${n}`, expiresIn, refreshToken: `refresh-${n}` };
}
