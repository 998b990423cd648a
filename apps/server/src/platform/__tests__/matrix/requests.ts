import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildPath, type Endpoint } from '@wharf/contract';
import type { TestUser } from '../../../harness';
import { BUILDERS } from './builders';
import { leaked, type Seed } from './seed';
import type { Builder, MatrixCall } from './types';

// How the access matrix calls endpoints and reads their answers (access-matrix.test.ts).

/** Calls an endpoint as a user (with their session), or without one (its own headers only). */
export function sender(seed: () => Seed) {
  return async function send(who: TestUser | null, e: Endpoint, req: MatrixCall, o: { teamId?: string | null; csrf?: string | null } = {}): Promise<LightMyRequestResponse> {
    if (who) return who.call(e, { ...(req.params ? { params: req.params } : {}), ...(req.query ? { query: req.query } : {}), ...(req.body !== undefined ? { body: req.body } : {}), ...(req.raw ? { raw: req.raw } : {}), ...o });
    const query = req.query ? Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)])) : undefined;
    return seed().t.app.inject({
      method: e.method,
      url: buildPath(e, req.params),
      ...(query ? { query } : {}),
      headers: { ...req.headers, ...(req.raw ? { 'content-type': 'application/octet-stream' } : {}) },
      ...(req.raw ? { payload: req.raw } : req.body !== undefined ? { payload: req.body as object } : {}),
    });
  };
}

export const json = (res: LightMyRequestResponse): { ret?: { code: number; msg: string }; [k: string]: unknown } | null => {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return null;
  try {
    return res.json();
  } catch {
    return null;
  }
};
export const verdict = (res: LightMyRequestResponse) => [res.statusCode, json(res)?.ret?.code];

/** Nothing of A, and never a storage path, in an answer to someone who is not A. */
export function expectNoLeak(s: Seed, res: LightMyRequestResponse, allowed: readonly string[] = []): void {
  expect(leaked(s, res.body, allowed), `answer shows team A's data: ${res.body.slice(0, 300)}`).toEqual([]);
  expect(res.body.includes(s.t.dataDir), 'answer shows a storage path').toBe(false);
}

/** A list answered in full counts only what it shows: A's rows are not in B's totals. */
export function expectHonestTotal(res: LightMyRequestResponse): void {
  const body = json(res) as { items?: unknown[]; total?: unknown; nextCursor?: unknown } | null;
  if (body && Array.isArray(body.items) && typeof body.total === 'number' && body.nextCursor === null) {
    expect(body.total, 'a list total counts rows the caller does not see').toBe(body.items.length);
  }
}

export function mentionsA(s: Seed, req: MatrixCall): boolean {
  return leaked(s, JSON.stringify({ ...req, raw: undefined })).length > 0;
}

export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The same request with every id of A replaced by a random one, and a function that puts
 * A's ids back into an answer: an answer to A's ids that equals the answer to ids nobody
 * has tells the caller nothing about A.
 */
export function disguised(s: Seed, req: MatrixCall): { req: MatrixCall; back: (text: string) => string } {
  const fakes = new Map<string, string>();
  const text = JSON.stringify({ params: req.params, query: req.query, body: req.body }).replace(UUID, (id) => {
    if (!s.secrets.includes(id)) return id;
    if (!fakes.has(id)) fakes.set(id, randomUUID());
    return fakes.get(id)!;
  });
  const swapped = JSON.parse(text) as MatrixCall;
  return {
    req: { ...swapped, ...(req.raw ? { raw: req.raw } : {}) },
    back: (answer) => [...fakes].reduce((acc, [real, fake]) => acc.split(fake).join(real), answer),
  };
}

export function defaultCaller(s: Seed, kind: string): TestUser | null {
  if (kind === 'operator') return s.op;
  if (kind === 'anonymous' || kind === 'device' || kind === 'app-client' || kind === 'api-client') return null;
  return s.a.holder;
}

/** Levels that need no console session (the app-client and api-client levels carry their own credentials). */
export const SESSIONLESS = new Set(['anonymous', 'device', 'app-client', 'api-client']);

/** An alias (the same call under a second family's path) is built as the call it repeats. */
export const builderOf = (e: Endpoint): Builder | undefined => BUILDERS[e.id] ?? (e.aliasOf ? BUILDERS[e.aliasOf] : undefined);
