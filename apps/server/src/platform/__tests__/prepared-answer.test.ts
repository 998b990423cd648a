import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, okResponse } from '@wharf/contract';
import { prepareAnswer } from '../http/register';

const offer = defineEndpoint({
  id: 'probe.offer',
  method: 'GET',
  prefix: 'probe/v1',
  path: '/offer',
  access: 'device',
  summary: 'offer',
  response: okResponse({ update: z.object({ versionCode: z.number().int() }).nullable() }),
});
const other = defineEndpoint({ ...offer, id: 'probe.other', path: '/other', response: okResponse({ update: z.object({ versionCode: z.number().int(), extra: z.string().optional() }).nullable() }) });

describe('prepared answers', () => {
  it('envelope, check and serialise an answer once per answer object', () => {
    const data = { update: { versionCode: 3 } };
    const first = prepareAnswer(offer, data);
    expect(JSON.parse(first.body)).toEqual({ ret: { code: 0, msg: 'success' }, update: { versionCode: 3 } });
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(prepareAnswer(offer, data)).toBe(first);
    // An equal answer in another object: the same bytes and validator, worked out again.
    const equal = prepareAnswer(offer, { update: { versionCode: 3 } });
    expect(equal).not.toBe(first);
    expect(equal.etag).toBe(first.etag);
    expect(prepareAnswer(offer, { update: { versionCode: 4 } }).etag).not.toBe(first.etag);
  });

  it("follow the endpoint's schema: unknown fields are dropped, a wrong answer is refused", () => {
    const leaky = { update: { versionCode: 5, secret: 'internal' } };
    expect(prepareAnswer(offer, leaky).body).not.toContain('secret');
    expect(() => prepareAnswer(offer, { update: { versionCode: 'five' } } as never)).toThrow();
  });

  it('are kept per endpoint: the same object under another schema is prepared for that one', () => {
    const data = { update: { versionCode: 6, extra: 'x' } };
    expect(prepareAnswer(offer, data).body).not.toContain('extra');
    expect(prepareAnswer(other, data).body).toContain('"extra":"x"');
  });
});
