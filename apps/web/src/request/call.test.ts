// @vitest-environment jsdom
/// <reference types="node" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { consoleApi, defineEndpoint, okResponse, type ClientConfig } from '@wharf/contract';
import { createI18n } from '../app/i18n';
import { clearSessionCookies, setSessionCookies, TEAM_ID } from '../test/session';
import { ApiError, callEndpoint, requestClient, setRequestClient } from './call';
import { RequestClient } from './client';

// A real HTTP server on localhost; the page (jsdom) is http://localhost:3000, so calls are
// cross-origin and go through jsdom's XMLHttpRequest with its CORS and cookie rules, as
// in a browser talking to a zone gateway.

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply = { status: number; body: string; contentType?: string };

let server: http.Server;
let base = '';
const seen: Seen[] = [];
let reply: Reply = { status: 200, body: '{}' };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const origin = req.headers.origin ?? '*';
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'X-Lang, Content-Type, Accept, teamId, X-CSRF-Token');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, PATCH');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(reply.status, { 'Content-Type': reply.contentType ?? 'application/json; charset=utf-8' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setRequestClient(null);
});

const ui = { errorBox: vi.fn<(text: string) => void>(), riskDialog: vi.fn<(text: string) => void>() };
const i18n = createI18n('ru');

function configWith(zones: ClientConfig['zones']): ClientConfig {
  return {
    ret: { code: 0, msg: 'success' },
    csrfHeaderName: 'X-CSRF-Token',
    teamIdHeaderName: 'teamId',
    zones,
    defaultZone: 'china',
    switches: { osSwitch: false, useAgcLoginSwitch: true, AGC_enableHA: false } as ClientConfig['switches'],
    haReportUrl: null,
    errorReportUrl: null,
    serverVersion: '1',
  };
}

beforeEach(() => {
  // The page's client, with its configuration known (no gateway URLs: calls go where told).
  setRequestClient(new RequestClient({ config: configWith([]), ui, translate: (k, v) => i18n.t(k, v), dev: false, language: () => 'ru' }));
});

afterEach(() => {
  seen.length = 0;
  reply = { status: 200, body: '{}' };
  document.cookie = 'sid=; max-age=0';
  clearSessionCookies();
  ui.errorBox.mockReset();
  ui.riskDialog.mockReset();
});

const ok = (data: object = {}) => JSON.stringify({ ret: { code: 0, msg: 'success' }, ...data });

const getItem = defineEndpoint({
  id: 'test.getItem',
  method: 'GET',
  prefix: 'test/v1',
  path: '/team/:teamId/item/:itemId',
  access: 'anonymous',
  summary: 'test',
  params: z.object({ teamId: z.string(), itemId: z.string() }),
  query: z.object({ view: z.string(), page: z.number() }),
  response: okResponse({ name: z.string() }),
});

const createItem = defineEndpoint({
  id: 'test.createItem',
  method: 'POST',
  prefix: 'test/v1',
  path: '/item',
  access: 'anonymous',
  summary: 'test',
  body: z.object({ name: z.string(), tags: z.array(z.string()) }),
  response: okResponse({ id: z.number() }),
});

describe('callEndpoint', () => {
  it('calls the endpoint path with the language header and returns the answer', async () => {
    reply = { status: 200, body: ok({ serverVersion: '9.9.9', defaultZone: 'russia' }) };
    const answer = await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'cn' });
    expect(answer.serverVersion).toBe('9.9.9');
    expect(answer.defaultZone).toBe('russia');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe('/agc/edge/console/v1/config');
    expect(seen[0]?.headers['x-lang']).toBe('zh');
  });

  it('sends en as the language header for English and Russian pages, and tells them apart by Accept-Language', async () => {
    reply = { status: 200, body: ok() };
    await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'ru' });
    await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'en' });
    await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'cn' });
    expect(seen.map((s) => s.headers['x-lang'])).toEqual(['en', 'en', 'zh']);
    expect(seen.map((s) => s.headers['accept-language'])).toEqual(['ru-RU', 'en-US', 'zh-CN']);
  });

  it('fills and encodes path parameters and sends the query', async () => {
    reply = { status: 200, body: ok({ name: 'x' }) };
    const answer = await callEndpoint(getItem, {
      baseURL: base,
      language: 'en',
      params: { teamId: 't 1', itemId: 'a/b' },
      query: { view: 'full', page: 2 },
    });
    expect(answer.name).toBe('x');
    expect(seen[0]?.url).toBe('/agc/edge/test/v1/team/t%201/item/a%2Fb?view=full&page=2');
  });

  it('sends the body as JSON with the method of the endpoint', async () => {
    reply = { status: 200, body: ok({ id: 7 }) };
    const answer = await callEndpoint(createItem, { baseURL: base, language: 'en', body: { name: 'n', tags: ['a'] } });
    expect(answer.id).toBe(7);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ name: 'n', tags: ['a'] });
  });

  it('sends the cookies of the API host (credentials included)', async () => {
    document.cookie = 'sid=abc123; path=/';
    reply = { status: 200, body: ok() };
    await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'en' });
    expect(seen[0]?.headers.cookie).toContain('sid=abc123');
  });

  it('throws ret.code and ret.msg when the answer is 200 with a non-zero code', async () => {
    reply = { status: 200, body: JSON.stringify({ ret: { code: 205524998, msg: 'Too many failed sign-ins' } }) };
    const error = await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'en' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      code: 205524998,
      msg: 'Too many failed sign-ins',
      message: 'Too many failed sign-ins',
      endpointId: 'console.getConfig',
    });
  });

  it('throws the HTTP status and ret of a refused call', async () => {
    reply = { status: 403, body: JSON.stringify({ ret: { code: 100403, msg: '没有执行此操作的权限' } }) };
    const error = await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'cn' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 100403, msg: '没有执行此操作的权限', message: '没有执行此操作的权限' });
  });

  it("throws status 500 with axios's message when the server fails without a ret", async () => {
    reply = { status: 500, body: 'boom', contentType: 'text/plain' };
    const error = await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'en' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: null, msg: null, message: 'Request failed with status code 500' });
  });

  it('throws status 500 with the ret of a failed call that has one', async () => {
    reply = { status: 500, body: JSON.stringify({ ret: { code: 100500, msg: 'Internal server error' } }) };
    const error = await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'en' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: 100500, message: 'Internal server error' });
  });

  it('throws with no status when nothing answers', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, 'localhost', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await callEndpoint(consoleApi.getConfig, { baseURL: `http://localhost:${port}`, language: 'en' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: null, code: null, message: 'Network Error' });
  });

  it('refuses an answer without ret', async () => {
    reply = { status: 200, body: '{"hello":1}' };
    const error = await callEndpoint(consoleApi.getConfig, { baseURL: base, language: 'en' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 200, code: null });
  });

  it('shows a failure in the error box, translated', async () => {
    reply = { status: 502, body: 'bad gateway', contentType: 'text/plain' };
    await callEndpoint(consoleApi.getConfig, { baseURL: base }).catch(() => undefined);
    expect(ui.errorBox).toHaveBeenCalledWith('Сервер ответил ошибкой (HTTP 502).');
    ui.errorBox.mockReset();
    await callEndpoint(consoleApi.getConfig, { baseURL: base, silent: true }).catch(() => undefined);
    expect(ui.errorBox).not.toHaveBeenCalled();
  });

  it("sends the team id and CSRF headers from the session's cookies", async () => {
    setSessionCookies({ csrf: 'tok-1' });
    reply = { status: 200, body: ok({ id: 1 }) };
    await callEndpoint(createItem, { baseURL: base, body: { name: 'n', tags: [] } });
    await callEndpoint(getItem, { baseURL: base, params: { teamId: 't', itemId: 'i' }, query: { view: 'v', page: 1 } });
    expect(seen[0]?.headers.teamid).toBe(TEAM_ID);
    expect(seen[0]?.headers['x-csrf-token']).toBe('tok-1');
    expect(seen[1]?.headers.teamid).toBe(TEAM_ID);
    expect(seen[1]?.headers['x-csrf-token']).toBeUndefined();
  });
});

describe('zone gateways', () => {
  it("sends a call to the gateway of the team's zone", async () => {
    setRequestClient(
      new RequestClient({
        config: configWith([
          { zone: 'china', siteId: 1, gatewayUrl: 'http://localhost:1', reportUrl: '' },
          { zone: 'russia', siteId: 8, gatewayUrl: base, reportUrl: '' },
        ]),
        ui,
        dev: false,
      }),
    );
    setSessionCookies({ siteId: 8 });
    reply = { status: 200, body: ok({ id: 3 }) };
    const answer = await callEndpoint(createItem, { body: { name: 'n', tags: [] } });
    expect(answer.id).toBe(3);
    expect(seen[0]?.url).toBe('/agc/edge/test/v1/item');
    expect(requestClient().config?.zones).toHaveLength(2);
  });
});

