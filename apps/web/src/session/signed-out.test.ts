import { afterEach, describe, expect, it } from 'vitest';
import { clearLeftoverSession, keepsSessionWhenSignedOut } from './signed-out';
import { getSessionValue, setSessionValue } from './store';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

function leftovers(): void {
  setSessionValue('agc_team_id', 'old-team');
  setSessionValue('userPermission', { 'app.read': 'Y' });
  setSessionValue('agc_lang', 'ru');
}

describe('session data left over when nobody is signed in', () => {
  it('is cleared on an ordinary page, keeping the saved language', () => {
    leftovers();
    expect(clearLeftoverSession('#/login', false)).toBe(true);
    expect(getSessionValue('agc_team_id')).toBeNull();
    expect(getSessionValue('userPermission')).toBeNull();
    expect(getSessionValue('agc_lang')).toBe('ru');
  });

  it('is kept on the reseller pages, with or without a query or trailing slash', () => {
    for (const hash of ['#/reseller/credential-authorization', '#/reseller/core-platform/', '#/reseller/core-platform?from=sp']) {
      leftovers();
      expect(keepsSessionWhenSignedOut(hash)).toBe(true);
      expect(clearLeftoverSession(hash, false)).toBe(false);
      expect(getSessionValue('agc_team_id')).toBe('old-team');
    }
    expect(keepsSessionWhenSignedOut('#/reseller/other')).toBe(false);
  });

  it('is kept while someone is signed in, and in embedded app mode', () => {
    leftovers();
    expect(clearLeftoverSession('#/', true)).toBe(false);
    expect(clearLeftoverSession('#/app/info?appId=1', false)).toBe(false);
    expect(getSessionValue('agc_team_id')).toBe('old-team');
  });
});
