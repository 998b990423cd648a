import { describe, expect, it } from 'vitest';
import { LOGIN_STATE_MAX, SESSION_RELOAD_AFTER_MS } from './constants';
import { effectiveTeamUserType, isTeamLeader, mustSignInAgain, newLoginState, sessionStatus, shouldReloadSession } from './session';

describe('isTeamLeader', () => {
  it('is true when there is no user id', () => {
    expect(isTeamLeader({ teamId: '1', mainUserId: '2' })).toBe(true);
    expect(isTeamLeader({ userId: '', teamId: '1' })).toBe(true);
    expect(isTeamLeader({ userId: null })).toBe(true);
    expect(isTeamLeader({})).toBe(true);
    expect(isTeamLeader(null)).toBe(true);
  });

  it('is true when the user id equals the team id', () => {
    expect(isTeamLeader({ userId: '100', teamId: '100', mainUserId: '999' })).toBe(true);
  });

  it('is true when the user id equals the main user id', () => {
    expect(isTeamLeader({ userId: '100', teamId: '5', mainUserId: '100' })).toBe(true);
  });

  it('compares ids as text', () => {
    expect(isTeamLeader({ userId: 100, teamId: '100' })).toBe(true);
    expect(isTeamLeader({ userId: '100', mainUserId: 100 })).toBe(true);
    expect(isTeamLeader({ userId: '0100', teamId: 100 })).toBe(false);
  });

  it('is false for a sub-user, and missing ids never match', () => {
    expect(isTeamLeader({ userId: '7', teamId: '100', mainUserId: '100' })).toBe(false);
    expect(isTeamLeader({ userId: '7' })).toBe(false);
    expect(isTeamLeader({ userId: '7', teamId: '', mainUserId: null })).toBe(false);
  });
});

describe('effectiveTeamUserType', () => {
  it('uses the team user type when set', () => {
    expect(effectiveTeamUserType(2, 1)).toBe(2);
    expect(effectiveTeamUserType('2', '1')).toBe(2);
  });

  it('falls back to the personal user type when the team one is 0 or missing', () => {
    expect(effectiveTeamUserType(0, 1)).toBe(1);
    expect(effectiveTeamUserType('0', '1')).toBe(1);
    expect(effectiveTeamUserType(undefined, 2)).toBe(2);
    expect(effectiveTeamUserType(null, 2)).toBe(2);
    expect(effectiveTeamUserType('', 2)).toBe(2);
    expect(effectiveTeamUserType('abc', 2)).toBe(2);
  });

  it('is 0 when neither is known', () => {
    expect(effectiveTeamUserType(0, undefined)).toBe(0);
    expect(effectiveTeamUserType(undefined, 'x')).toBe(0);
  });
});

describe('sessionStatus', () => {
  const now = 1_700_000_000_000;
  const info = { expiretime: now + 1000, expiretime_real: now + 5000 };

  it('is anonymous without user info', () => {
    expect(sessionStatus(null, now)).toBe('anonymous');
    expect(sessionStatus(undefined, now)).toBe('anonymous');
    expect(sessionStatus('', now)).toBe('anonymous');
  });

  it('is valid before the nominal expiry', () => {
    expect(sessionStatus(info, now)).toBe('valid');
    expect(sessionStatus(info, now + 999)).toBe('valid');
  });

  it('is refresh from the nominal expiry (included) to the real one (excluded)', () => {
    expect(sessionStatus(info, now + 1000)).toBe('refresh');
    expect(sessionStatus(info, now + 4999)).toBe('refresh');
  });

  it('is expired from the real expiry on', () => {
    expect(sessionStatus(info, now + 5000)).toBe('expired');
    expect(sessionStatus(info, now + 1e9)).toBe('expired');
  });

  it('reads numeric strings and the JSON text of the cookie', () => {
    expect(sessionStatus({ expiretime: String(now + 1), expiretime_real: String(now + 2) }, now)).toBe('valid');
    expect(sessionStatus(JSON.stringify(info), now + 2000)).toBe('refresh');
  });

  it('accepts a Date as now', () => {
    expect(sessionStatus(info, new Date(now + 2000))).toBe('refresh');
  });

  it('is expired when the info is malformed', () => {
    expect(sessionStatus({}, now)).toBe('expired');
    expect(sessionStatus({ expiretime: now + 1000 }, now)).toBe('expired');
    expect(sessionStatus({ expiretime: 'soon', expiretime_real: now + 5000 }, now)).toBe('expired');
    expect(sessionStatus({ expiretime: null, expiretime_real: null }, now)).toBe('expired');
    expect(sessionStatus('{not json', now)).toBe('expired');
    expect(sessionStatus('42', now)).toBe('expired');
    expect(sessionStatus('null', now)).toBe('expired');
    expect(sessionStatus(info, NaN)).toBe('expired');
    expect(sessionStatus(info, new Date('invalid'))).toBe('expired');
  });

  it('uses the clock when no time is given', () => {
    expect(sessionStatus({ expiretime: Date.now() + 60_000, expiretime_real: Date.now() + 120_000 })).toBe('valid');
    expect(sessionStatus({ expiretime: 1, expiretime_real: 2 })).toBe('expired');
  });
});

describe('shouldReloadSession', () => {
  const first = 1_700_000_000_000;

  it('is false up to and including 6 hours', () => {
    expect(shouldReloadSession(first, first)).toBe(false);
    expect(shouldReloadSession(first, first + SESSION_RELOAD_AFTER_MS - 1)).toBe(false);
    expect(shouldReloadSession(first, first + 6 * 60 * 60 * 1000)).toBe(false);
  });

  it('is true when more than 6 hours have passed', () => {
    expect(shouldReloadSession(first, first + SESSION_RELOAD_AFTER_MS + 1)).toBe(true);
    expect(shouldReloadSession(new Date(first), new Date(first + 7 * 3_600_000))).toBe(true);
  });

  it('is false without a usable first request time, or when the clock went back', () => {
    expect(shouldReloadSession(undefined, first)).toBe(false);
    expect(shouldReloadSession(null, first)).toBe(false);
    expect(shouldReloadSession(NaN, first)).toBe(false);
    expect(shouldReloadSession(first, NaN)).toBe(false);
    expect(shouldReloadSession(first + 1e9, first)).toBe(false);
  });

  it('measures against the clock by default', () => {
    expect(shouldReloadSession(Date.now() - SESSION_RELOAD_AFTER_MS - 60_000)).toBe(true);
    expect(shouldReloadSession(Date.now())).toBe(false);
  });
});

describe('newLoginState', () => {
  it('scales the random number to a whole number below 10,000,000', () => {
    expect(newLoginState(() => 0)).toBe(0);
    expect(newLoginState(() => 0.5)).toBe(5_000_000);
    expect(newLoginState(() => 0.12345678)).toBe(1_234_567);
    expect(newLoginState(() => 0.9999999999)).toBe(LOGIN_STATE_MAX - 1);
  });

  it('clamps a misbehaving random source into range', () => {
    expect(newLoginState(() => 1)).toBe(LOGIN_STATE_MAX - 1);
    expect(newLoginState(() => 7)).toBe(LOGIN_STATE_MAX - 1);
    expect(newLoginState(() => -0.5)).toBe(0);
    expect(newLoginState(() => NaN)).toBe(0);
  });

  it('uses Math.random by default', () => {
    for (let i = 0; i < 100; i += 1) {
      const n = newLoginState();
      expect(Number.isInteger(n) && n >= 0 && n < LOGIN_STATE_MAX).toBe(true);
    }
  });
});

describe('mustSignInAgain', () => {
  it('is true for account status 6 only', () => {
    expect(mustSignInAgain(6)).toBe(true);
    expect(mustSignInAgain('6')).toBe(true);
    expect(mustSignInAgain(0)).toBe(false);
    expect(mustSignInAgain(5)).toBe(false);
    expect(mustSignInAgain(undefined)).toBe(false);
  });
});
