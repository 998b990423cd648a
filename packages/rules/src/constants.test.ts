import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('constants', () => {
  it('have the values of the specification', () => {
    expect(c.USER_INFO_COOKIE_MAX_AGE_MS).toBe(3_600_000);
    expect(c.SESSION_RELOAD_AFTER_MS).toBe(21_600_000);
    expect(c.LOGOUT_SUPPRESS_MS).toBe(10_000);
    expect(c.LOGIN_STATE_MAX).toBe(10_000_000);
    expect(c.STREAM_CHUNK_BYTES).toBe(65536);
    expect(c.EMOJI_SAMPLE_LIMIT).toBe(10);
    expect(c.EMOJI_SAMPLE_THRESHOLD).toBe(5);
    expect(c.COUNTRY_ID_OFFSET).toBe(1_000_000);
    expect(c.ACCOUNT_STATUS_FORCE_RELOGIN).toBe(6);
    expect(c.RISK_CONTROL_CODE).toBe(205524998);
    expect(c.LOGIN_DEFAULTS).toEqual({ clientId: 60992, loginChannel: 89000060, clientType: 89 });
    expect(c.ZONE_SITE_IDS).toEqual({ china: 1, singapore: 5, europe: 7, russia: 8, iran: 3 });
  });

  it('freezes the constant objects', () => {
    expect(Object.isFrozen(c.LOGIN_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(c.ZONE_SITE_IDS)).toBe(true);
    expect(() => {
      (c.ZONE_SITE_IDS as unknown as Record<string, number>).china = 2;
    }).toThrow(TypeError);
    expect(c.ZONE_SITE_IDS.china).toBe(1);
  });
});
