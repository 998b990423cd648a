import { beforeEach, describe, expect, it } from 'vitest';
import { chooseLanguage, HTML_LANG, resolvePageLanguage, siteLanguage } from './language';
import { setSessionValue } from './store';

const at = (pathname: string, hash = '#/') => ({ pathname, hash });

describe('display language', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('site variant of the path', () => {
    expect(siteLanguage('/')).toBe('cn');
    expect(siteLanguage('/en/')).toBe('en');
    expect(siteLanguage('/ru/')).toBe('ru');
    expect(siteLanguage('/something/else')).toBe('cn');
  });

  it('with nothing stored, the path decides and the choice is saved', () => {
    expect(resolvePageLanguage(at('/ru/'))).toBe('ru');
    expect(localStorage.getItem('agc_lang')).toBe('ru');
  });

  it('a saved language wins over the path', () => {
    localStorage.setItem('agc_lang', 'en');
    expect(resolvePageLanguage(at('/ru/'))).toBe('en');
    expect(resolvePageLanguage(at('/'))).toBe('en');
  });

  it('an unsupported saved value gives English and is left as it is', () => {
    localStorage.setItem('agc_lang', 'de');
    expect(resolvePageLanguage(at('/ru/'))).toBe('en');
    expect(localStorage.getItem('agc_lang')).toBe('de');
  });

  it("with nothing saved, the team's country wins over the path", () => {
    setSessionValue('agc_team_countryCode', 'RU');
    expect(resolvePageLanguage(at('/en/'))).toBe('ru');
    localStorage.clear();
    setSessionValue('agc_team_countryCode', 'CN');
    expect(resolvePageLanguage(at('/ru/'))).toBe('cn');
    localStorage.clear();
    setSessionValue('agc_team_countryCode', 'DE');
    expect(resolvePageLanguage(at('/ru/'))).toBe('en');
  });

  it('embedded app mode takes the stored language, else English, and saves nothing', () => {
    expect(resolvePageLanguage(at('/ru/', '#/app/info?appId=1'))).toBe('en');
    expect(localStorage.getItem('agc_lang')).toBeNull();
    localStorage.setItem('agc_lang', 'ru');
    expect(resolvePageLanguage(at('/', '#/app/info'))).toBe('ru');
  });

  it('a chosen language is kept for the next visit', () => {
    chooseLanguage('ru');
    expect(localStorage.getItem('agc_lang')).toBe('ru');
    expect(resolvePageLanguage(at('/en/'))).toBe('ru');
  });

  it('names the page language for <html lang>', () => {
    expect(HTML_LANG).toEqual({ cn: 'zh-CN', en: 'en', ru: 'ru' });
  });
});
