import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, HEADERS, okResponse, projectApi, RET_CODES } from '@wharf/contract';
import { FAMILIES } from '../../families';
import { createTestApp, TestUser, type TestApp } from '../../harness';
import type { Family } from '../deps';
import { ANONYMOUS, type Caller } from '../http/access';
import { AppError } from '../http/errors';
import { registerEndpoint } from '../http/register';

// The app-client and api-client levels on calls of families that exist only here: the
// kernel dispatches to the resolver a family gives, and refuses clearly without one.
const answer = okResponse({ kind: z.string(), appId: z.string().nullable(), clientId: z.string().nullable() });
const fromApp = defineEndpoint({ id: 'credProbe.app', method: 'POST', prefix: 'probe/v1', path: '/app', access: 'app-client', summary: 'probe', body: z.object({ n: z.number() }), response: answer });
const fromCi = defineEndpoint({ id: 'credProbe.ci', method: 'GET', prefix: 'probe/v1', path: '/ci', access: 'api-client', summary: 'probe', response: answer });
const publishing = defineEndpoint({ id: 'credProbe.publish', method: 'GET', prefix: 'probe/v1', path: '/publish', access: 'api-client:publishing', summary: 'probe', response: answer });

let bodiesRead = 0;
const calls: Family = {
  name: 'cred-probe-calls',
  register(app) {
    const echo = async ({ caller }: { caller: Caller }) => ({ kind: caller.kind, appId: caller.appId, clientId: caller.clientId });
    registerEndpoint(app, fromApp, async (c) => {
      bodiesRead += 1;
      return echo(c);
    });
    registerEndpoint(app, fromCi, echo);
    registerEndpoint(app, publishing, echo);
  },
};

const header = (req: FastifyRequest, name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
const APP_KEYS: Record<string, { apiKey: string; appId: string }> = { 'client-a': { apiKey: 'key-a', appId: 'app-a' } };
const TOKENS: Record<string, { clientId: string; scopes: string[] }> = { 'token-read': { clientId: 'ci-1', scopes: [] }, 'token-publish': { clientId: 'ci-2', scopes: ['publishing'] } };
const issuer: Family = {
  name: 'cred-probe-issuer',
  register() {},
  credentials: {
    'app-client': () => async (req) => {
      const clientId = header(req, 'client_id');
      const known = clientId ? APP_KEYS[clientId] : undefined;
      if (!known || header(req, 'api_key') !== known.apiKey) throw new AppError('appCredentialsInvalid');
      return { ...ANONYMOUS, kind: 'app-client', appId: known.appId, clientId };
    },
    'api-client': () => async (req, requirement) => {
      const token = /^Bearer (\S+)$/.exec(header(req, 'authorization') ?? '')?.[1];
      const known = token ? TOKENS[token] : undefined;
      if (!known) throw new AppError('apiClientInvalid');
      if (requirement && !known.scopes.includes(requirement)) throw new AppError('apiScopeMissing');
      return { ...ANONYMOUS, kind: 'api-client', clientId: known.clientId, scopes: known.scopes };
    },
  },
};

// The server's own families without the one that checks app keys (apps): the kernel's
// dispatch is what is tested here; apps' own resolver has its tests beside it.
const withoutIssuers = FAMILIES.map(({ credentials: _, ...family }) => family);
let bare: TestApp;
let t: TestApp;
beforeAll(async () => {
  bare = await createTestApp({ families: [...withoutIssuers, calls] });
  t = await createTestApp({ families: [...withoutIssuers, calls, issuer] });
});
afterAll(async () => {
  await bare.close();
  await t.close();
});

const verdict = (res: { statusCode: number; json(): { ret: { code: number } } }) => [res.statusCode, res.json().ret.code];
const app = (on: TestApp, headers: Record<string, string>) => on.app.inject({ method: 'POST', url: fromApp.fullPath, headers, payload: { n: 1 } });

describe('credential access levels', () => {
  it('refuse every call, in the caller language, while no family checks the credentials', async () => {
    const res = await app(bare, { client_id: 'client-a', api_key: 'key-a', [HEADERS.language]: 'zh' });
    expect(res.json().ret).toEqual({ code: RET_CODES.appCredentialsInvalid.code, msg: RET_CODES.appCredentialsInvalid.zh });
    expect(res.statusCode).toBe(401);
    expect(verdict(await bare.app.inject({ url: fromCi.fullPath, headers: { authorization: 'Bearer token-read' } }))).toEqual([401, RET_CODES.apiClientInvalid.code]);
  });

  it("let an app in with its client ID and API key, as that app, and refuse anything else before reading the body", async () => {
    expect((await app(t, { client_id: 'client-a', api_key: 'key-a' })).json()).toMatchObject({ kind: 'app-client', appId: 'app-a', clientId: 'client-a' });
    const before = bodiesRead;
    for (const headers of [{}, { client_id: 'client-a' }, { client_id: 'client-a', api_key: 'key-b' }, { client_id: 'client-b', api_key: 'key-a' }] as Array<Record<string, string>>) {
      expect(verdict(await app(t, headers))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);
    }
    // A console session is not an app's credential.
    const person = await TestUser.register(t);
    await person.call(projectApi.projectList);
    expect(verdict(await person.call(fromApp, { body: { n: 1 } }))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);
    expect(bodiesRead).toBe(before);
  });

  it('let an API client in with its token, and need the scope a call names', async () => {
    const ci = (path: string, token?: string) => t.app.inject({ url: path, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await ci(fromCi.fullPath, 'token-read')).json()).toMatchObject({ kind: 'api-client', clientId: 'ci-1' });
    expect(verdict(await ci(fromCi.fullPath))).toEqual([401, RET_CODES.apiClientInvalid.code]);
    expect(verdict(await ci(publishing.fullPath, 'token-read'))).toEqual([403, RET_CODES.apiScopeMissing.code]);
    expect((await ci(publishing.fullPath, 'token-publish')).json()).toMatchObject({ clientId: 'ci-2' });
  });

  it('refuse to start when two families check the same credentials', async () => {
    await expect(createTestApp({ families: [...FAMILIES, calls, issuer, { ...issuer, name: 'second-issuer' }] })).rejects.toThrow(/cred-probe-issuer and second-issuer both check app-client credentials/);
  });
});
