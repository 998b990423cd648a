import { describe, expect, it } from 'vitest';
import { appIdOfSearch, routeModeOfHash, skipsSessionRefresh } from './route-mode';

describe('routeModeOfHash', () => {
  it('recognises embedded app mode by a hash starting with #/app/', () => {
    expect(routeModeOfHash('#/app/123/version/info')).toEqual({
      embeddedApp: true,
      openTest: false,
      demoProject: false,
      pageId: 'info',
    });
    expect(routeModeOfHash('#/application/list').embeddedApp).toBe(false);
    expect(routeModeOfHash('#/app').embeddedApp).toBe(false);
    expect(routeModeOfHash('/#/app/x').embeddedApp).toBe(false);
  });

  it('recognises open-test mode', () => {
    expect(routeModeOfHash('#/app/openTest?appId=5')).toEqual({
      embeddedApp: true,
      openTest: true,
      demoProject: false,
      pageId: 'openTest',
    });
    expect(routeModeOfHash('#/app/openTestDetail/7').openTest).toBe(true);
    expect(routeModeOfHash('#/openTest').openTest).toBe(false);
  });

  it('recognises the demo project view anywhere in the hash', () => {
    expect(routeModeOfHash('#/demoProject/overview')).toEqual({
      embeddedApp: false,
      openTest: false,
      demoProject: true,
      pageId: 'overview',
    });
    expect(routeModeOfHash('#/x#/demoProject').demoProject).toBe(true);
  });

  it('takes the last segment, up to the query string, as the page id', () => {
    expect(routeModeOfHash('#/myApp/appInfo?appId=10&x=1').pageId).toBe('appInfo');
    expect(routeModeOfHash('#/a/b/c/').pageId).toBe('c');
    expect(routeModeOfHash('#home').pageId).toBe('home');
    expect(routeModeOfHash('#/projects/list?from=/a/b').pageId).toBe('list');
  });

  it("has '' as page id when there is no segment, and never throws", () => {
    for (const hash of ['', '#', '#/', '#/?appId=1', '#?a=b', null, undefined, 7 as unknown as string]) {
      expect(routeModeOfHash(hash)).toEqual({ embeddedApp: false, openTest: false, demoProject: false, pageId: '' });
    }
  });
});

describe('appIdOfSearch', () => {
  it('reads appId with or without the leading ?', () => {
    expect(appIdOfSearch('?appId=123')).toBe('123');
    expect(appIdOfSearch('appId=123')).toBe('123');
    expect(appIdOfSearch('?foo=1&appId=abc&bar=2')).toBe('abc');
  });

  it('decodes the value and takes the first appId', () => {
    expect(appIdOfSearch('?appId=a%20b')).toBe('a b');
    expect(appIdOfSearch('?appId=a+b')).toBe('a b');
    expect(appIdOfSearch('?appId=1&appId=2')).toBe('1');
    expect(appIdOfSearch('?app%49d=9')).toBe('9');
    expect(appIdOfSearch('?appId=100%')).toBe('100%');
  });

  it('reads the query of a hash or a whole address, ignoring a fragment', () => {
    expect(appIdOfSearch('#/app/openTest?appId=77')).toBe('77');
    expect(appIdOfSearch('https://host/cn/?appId=5#/app/x')).toBe('5');
  });

  it('is null when the parameter is missing or empty', () => {
    for (const search of ['', '?', '?appid=1', '?appIdX=1', '?xappId=1', '?appId', '?appId=', null, undefined]) {
      expect(appIdOfSearch(search)).toBeNull();
    }
  });
});

describe('skipsSessionRefresh', () => {
  it('is true for hap and cis app pages', () => {
    expect(skipsSessionRefresh('https://host/hap/#/app/1')).toBe(true);
    expect(skipsSessionRefresh('https://host/cis/#/app/list')).toBe(true);
  });

  it('is false otherwise', () => {
    expect(skipsSessionRefresh('https://host/cn/#/app/1')).toBe(false);
    expect(skipsSessionRefresh('https://host/hap/#/home')).toBe(false);
    expect(skipsSessionRefresh('https://host/hap#/app')).toBe(false);
    expect(skipsSessionRefresh('')).toBe(false);
    expect(skipsSessionRefresh(null)).toBe(false);
    expect(skipsSessionRefresh(undefined)).toBe(false);
  });
});
