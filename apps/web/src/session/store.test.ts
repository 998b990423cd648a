import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_KEYS, clearSessionData, getSessionValue, readLocalSetting, readProductRegion, setSessionValue } from './store';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('session data', () => {
  it('holds every key of the specification', () => {
    expect(SESSION_KEYS.sort()).toEqual(
      [
        'agc_uid', 'agc_team_id', 'agc_team_countryCode', 'agc_country', 'agc_team_siteId', 'agc_userType', 'agc_team_userType',
        'agc_verifyRealState', 'appInfo', 'productInfo', 'projectInfo', 'userPermission', 'userRoles', 'upSiteId', 'productRegion',
        'dataLocation', 'currentProductId', 'serviceMap', 'reportedClues', 'agc_lang', 'agc_ignoreHa',
      ].sort(),
    );
  });

  it('keeps session facts in sessionStorage and saved choices in localStorage', () => {
    setSessionValue('agc_team_id', 't1');
    setSessionValue('agc_lang', 'ru');
    setSessionValue('agc_ignoreHa', '1');
    expect(sessionStorage.getItem('agc_team_id')).toBe('t1');
    expect(localStorage.getItem('agc_lang')).toBe('ru');
    expect(localStorage.getItem('agc_ignoreHa')).toBe('1');
    expect(sessionStorage.getItem('agc_lang')).toBeNull();
  });

  it('reads values typed: numbers, JSON, text', () => {
    setSessionValue('agc_verifyRealState', 2);
    setSessionValue('userPermission', { 'app.read': 'Y' });
    setSessionValue('appInfo', { appID: '42', childType: 3 });
    setSessionValue('reportedClues', ['s1']);
    expect(getSessionValue('agc_verifyRealState')).toBe(2);
    expect(getSessionValue('userPermission')).toEqual({ 'app.read': 'Y' });
    expect(getSessionValue('appInfo')).toEqual({ appID: '42', childType: 3 });
    expect(getSessionValue('reportedClues')).toEqual(['s1']);
    setSessionValue('appInfo', null);
    expect(getSessionValue('appInfo')).toBeNull();
  });

  it('reads a value of the wrong shape or broken JSON as missing', () => {
    sessionStorage.setItem('userPermission', '{broken');
    sessionStorage.setItem('appInfo', '{"id":1}');
    sessionStorage.setItem('agc_team_userType', 'two');
    sessionStorage.setItem('reportedClues', '[1,2]');
    localStorage.setItem('agc_lang', 'de');
    expect(getSessionValue('userPermission')).toBeNull();
    expect(getSessionValue('appInfo')).toBeNull();
    expect(getSessionValue('agc_team_userType')).toBeNull();
    expect(getSessionValue('reportedClues')).toBeNull();
    expect(getSessionValue('agc_lang')).toBeNull();
  });

  it('clears the session facts but keeps the saved choices', () => {
    setSessionValue('agc_uid', 'u');
    setSessionValue('userRoles', [{ key: 'operations', name: 'Operations', builtIn: true }]);
    setSessionValue('agc_lang', 'en');
    clearSessionData();
    expect(getSessionValue('agc_uid')).toBeNull();
    expect(getSessionValue('userRoles')).toBeNull();
    expect(getSessionValue('agc_lang')).toBe('en');
  });

  it('reads local settings such as closeHa', () => {
    localStorage.setItem('closeHa', 'Y');
    expect(readLocalSetting('closeHa')).toBe('Y');
    expect(readLocalSetting('nothing')).toBeNull();
  });
});

describe('product region', () => {
  it('is null when no product is selected', () => {
    expect(readProductRegion()).toBeNull();
  });

  it('comes from productRegion, else from the product or project info', () => {
    setSessionValue('productRegion', 'europe');
    expect(readProductRegion()).toBe('europe');
    sessionStorage.clear();
    setSessionValue('productInfo', { productID: 'p', region: 'russia' });
    expect(readProductRegion()).toBe('russia');
    sessionStorage.clear();
    setSessionValue('projectInfo', { productID: 'p', region: 'singapore' });
    expect(readProductRegion()).toBe('singapore');
  });

  it('falls back to China when it cannot be read', () => {
    sessionStorage.setItem('productRegion', 'mars');
    expect(readProductRegion()).toBe('china');
    sessionStorage.clear();
    sessionStorage.setItem('productInfo', '{not json');
    expect(readProductRegion()).toBe('china');
    sessionStorage.clear();
    sessionStorage.setItem('productInfo', '{"productID":"p","region":42}');
    expect(readProductRegion()).toBe('china');
  });
});
