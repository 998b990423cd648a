import { describe, expect, it } from 'vitest';
import { isRiskControlRefusal, isSuccessStatus, withBizTag } from './http';

describe('isSuccessStatus', () => {
  it('is true from 200 to 299', () => {
    for (const status of [200, 201, 204, 250, 299]) expect(isSuccessStatus(status)).toBe(true);
  });

  it('is false outside, and for non-numbers', () => {
    for (const status of [0, 199, 300, 304, 400, 401, 500, 200.5, NaN, Infinity, '200', null, undefined]) {
      expect(isSuccessStatus(status)).toBe(false);
    }
  });
});

describe('isRiskControlRefusal', () => {
  it('is HTTP 400 with ret.code 205524998', () => {
    expect(isRiskControlRefusal(400, 205524998)).toBe(true);
    expect(isRiskControlRefusal(400, '205524998')).toBe(true);
    expect(isRiskControlRefusal(401, 205524998)).toBe(false);
    expect(isRiskControlRefusal(400, 1)).toBe(false);
    expect(isRiskControlRefusal(undefined, undefined)).toBe(false);
  });
});

describe('withBizTag', () => {
  it('adds the bizTag when missing', () => {
    expect(withBizTag({ objects: ['a'] }, 'appIcon')).toEqual({ objects: ['a'], bizTag: 'appIcon' });
  });

  it('keeps an existing bizTag', () => {
    expect(withBizTag({ bizTag: 'mine', zoneId: 'CN' }, 'appIcon')).toEqual({ bizTag: 'mine', zoneId: 'CN' });
  });

  it('treats undefined, null and empty bizTags as missing', () => {
    expect(withBizTag({ bizTag: undefined }, 't').bizTag).toBe('t');
    expect(withBizTag({ bizTag: null }, 't').bizTag).toBe('t');
    expect(withBizTag({ bizTag: '' }, 't').bizTag).toBe('t');
  });

  it('does not change the input', () => {
    const payload = Object.freeze({ objectIds: ['1'] });
    const result = withBizTag(payload, 'apk');
    expect(result).not.toBe(payload);
    expect(payload).toEqual({ objectIds: ['1'] });
    expect(result.objectIds).toBe(payload.objectIds);
  });

  it('makes a payload of a missing one', () => {
    expect(withBizTag(null, 'apk')).toEqual({ bizTag: 'apk' });
    expect(withBizTag(undefined, 'apk')).toEqual({ bizTag: 'apk' });
  });
});
