import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, okResponse } from '@wharf/contract';
import type { Family } from '../deps';
import { AppError } from '../http/errors';
import { registerEndpoint } from '../http/register';
import { createTestApp, type TestApp } from '../../harness';
import { FAMILIES } from '../../families';

const echo = defineEndpoint({
  id: 'probe.echo',
  method: 'POST',
  prefix: 'probe/v1',
  path: '/echo/:id',
  access: 'anonymous',
  summary: 'echo',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ name: z.string().min(2).max(10), count: z.number().int().optional() }),
  response: okResponse({ id: z.number(), name: z.string() }),
});
const boom = defineEndpoint({ id: 'probe.boom', method: 'GET', prefix: 'probe/v1', path: '/boom', access: 'anonymous', summary: 'boom', response: okResponse({}) });
const refuse = defineEndpoint({ id: 'probe.refuse', method: 'GET', prefix: 'probe/v1', path: '/refuse', access: 'anonymous', summary: 'refuse', response: okResponse({}) });
const member = defineEndpoint({ id: 'probe.member', method: 'GET', prefix: 'probe/v1', path: '/member', access: 'team:app.read', summary: 'member', response: okResponse({}) });

const probe: Family = {
  name: 'probe',
  register(app) {
    registerEndpoint(app, echo, async ({ params, body }) => ({ id: params.id, name: body.name }));
    registerEndpoint(app, boom, async () => {
      throw new Error('secret internals at /srv/wharf/db.ts:42');
    });
    registerEndpoint(app, refuse, async () => {
      throw new AppError('conflict', { zh: '版本处于草稿状态', en: 'The version is a draft', ru: 'Версия — черновик' });
    });
    registerEndpoint(app, member, async () => ({}));
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ families: [...FAMILIES, probe] });
});
afterAll(() => t.close());

describe('the ret envelope and validation', () => {
  it('wraps a successful answer in ret code 0', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/agc/edge/probe/v1/echo/7', payload: { name: 'wharf' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ret: { code: 0, msg: 'success' }, id: 7, name: 'wharf' });
  });

  it('answers invalid input with 400 and a message naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/agc/edge/probe/v1/echo/7', payload: { name: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().ret.code).toBe(100400);
    expect(res.json().ret.msg).toBe('Invalid input: name needs at least 2 characters');
    expect(res.json().errors).toEqual([{ in: 'body', field: 'name', name: 'name', rule: 'tooShort', min: 2 }]);
  });

  it('refuses NUL, other control characters and broken surrogates in any text, naming the field', async () => {
    for (const bad of ['wh\u0000arf', 'wh\u0007arf', 'wharf\ud800', '\udc00wharf']) {
      const res = await t.app.inject({ method: 'POST', url: '/agc/edge/probe/v1/echo/7', headers: { 'content-type': 'application/json' }, payload: `{"name":${JSON.stringify(bad)}}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ in: 'body', field: 'name', rule: 'controlCharacter' });
      expect(res.json().ret.msg).toMatch(/^Invalid input: name holds a control character that is not allowed \(U\+/);
    }
    const query = await t.app.inject({ method: 'POST', url: '/agc/edge/probe/v1/echo/7?x=%00', payload: { name: 'wharf' } });
    expect(query.statusCode).toBe(400);
    const path = await t.app.inject({ method: 'POST', url: '/agc/edge/probe/v1/echo/7%00', payload: { name: 'wharf' } });
    expect(path.statusCode).toBe(400);
  });

  it('lets tabs, newlines and paired surrogates through', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/agc/edge/probe/v1/echo/7', payload: { name: 'a\r\n\tb 💥' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('a\r\n\tb 💥');
  });

  it('names a bad path parameter', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/agc/edge/probe/v1/echo/abc', payload: { name: 'wharf' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ in: 'params', field: 'id', name: 'id' });
  });

  it('answers an over-long or malformed address part in the envelope, without echoing it', async () => {
    const long = await t.app.inject({ method: 'POST', url: `/agc/edge/probe/v1/echo/${'9'.repeat(400)}`, payload: { name: 'wharf' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().ret).toEqual({ code: 100400, msg: 'Invalid input: a part of the address is too long' });
    expect(long.body).not.toContain('9999');
  });

  it('answers in Chinese when the console sends zh', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/agc/edge/probe/v1/echo/7', headers: { 'x-lang': 'zh' }, payload: { name: 'x' } });
    expect(res.json().ret.msg).toBe('参数不合法：name 至少 2 个字符');
  });

  it("answers the Russian site in Russian: its header says en (as the specification has it), its Accept-Language ru", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/agc/edge/probe/v1/echo/7', headers: { 'x-lang': 'en', 'accept-language': 'ru-RU' }, payload: { name: 'x' } });
    expect(res.json().ret.msg).toBe('Недопустимые параметры: name: не короче 2 символов');
    const refused = await t.app.inject({ url: '/agc/edge/probe/v1/refuse', headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' } });
    expect(refused.json().ret).toEqual({ code: 100409, msg: 'Версия — черновик' });
    // An app's SDK names Russian itself.
    const unknown = await t.app.inject({ url: '/agc/edge/probe/v1/none', headers: { 'x-lang': 'ru' } });
    expect(unknown.json().ret.msg).toBe('Такого вызова нет');
    // The English site stays English whatever the browser prefers; the Chinese one Chinese.
    expect((await t.app.inject({ url: '/agc/edge/probe/v1/refuse', headers: { 'x-lang': 'en', 'accept-language': 'en-US' } })).json().ret.msg).toBe('The version is a draft');
    expect((await t.app.inject({ url: '/agc/edge/probe/v1/refuse', headers: { 'x-lang': 'zh', 'accept-language': 'ru-RU' } })).json().ret.msg).toBe('版本处于草稿状态');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/agc/edge/probe/v1/echo/7',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ret.code).toBe(100400);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/agc/edge/probe/v1/echo/7',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'ab', pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().ret.code).toBe(100413);
  });

  it('maps a typed refusal to its status and message', async () => {
    const res = await t.app.inject({ url: '/agc/edge/probe/v1/refuse' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ ret: { code: 100409, msg: 'The version is a draft' } });
  });

  it('never leaks internals of an unexpected failure', async () => {
    const res = await t.app.inject({ url: '/agc/edge/probe/v1/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ ret: { code: 100500, msg: 'Internal server error' } });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const res = await t.app.inject({ url: '/agc/edge/nope/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().ret.code).toBe(100405);
  });

  it('refuses a team call without a session as accessToken invalid', async () => {
    const res = await t.app.inject({ url: '/agc/edge/probe/v1/member' });
    expect(res.statusCode).toBe(401);
    expect(res.json().ret.code).toBe(100401);
    expect(res.json().ret.msg).toContain('accessToken invalid');
  });
});

describe('health and documentation', () => {
  it('reports the database in /healthz', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.deps.database.kind });
  });

  it('answers 503 from /healthz when the database is gone', async () => {
    const other = await createTestApp();
    await other.deps.database.close();
    const res = await other.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    await other.close();
  });

  it('serves the OpenAPI document with every contract call', async () => {
    const res = await t.app.inject({ url: '/agc/edge/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/agc/edge/console/v1/config'].get.operationId).toBe('console.getConfig');
    expect(doc.paths['/agc/edge/probe/v1/echo/{id}'].post.requestBody).toBeDefined();
  });

  it('serves readable docs at /docs', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect([200, 302]).toContain(res.statusCode);
    const page = res.statusCode === 302 ? await t.app.inject({ url: res.headers.location as string }) : res;
    expect(page.body).toContain('swagger');
  });
});
