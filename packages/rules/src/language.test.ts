import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, intlLocaleOf, isSupportedLanguage, languageHeaderOf, resolveLanguage } from './language';

describe('SUPPORTED_LANGUAGES', () => {
  it('is cn, en, ru and frozen', () => {
    expect([...SUPPORTED_LANGUAGES]).toEqual(['cn', 'en', 'ru']);
    expect(Object.isFrozen(SUPPORTED_LANGUAGES)).toBe(true);
  });

  it('isSupportedLanguage matches exactly', () => {
    expect(isSupportedLanguage('ru')).toBe(true);
    expect(isSupportedLanguage('RU')).toBe(false);
    expect(isSupportedLanguage('zh')).toBe(false);
    expect(isSupportedLanguage(undefined)).toBe(false);
  });
});

describe('languageHeaderOf', () => {
  it('is zh for cn and en otherwise', () => {
    expect(languageHeaderOf('cn')).toBe('zh');
    expect(languageHeaderOf('en')).toBe('en');
    expect(languageHeaderOf('ru')).toBe('en');
    expect(languageHeaderOf('')).toBe('en');
    expect(languageHeaderOf(undefined)).toBe('en');
  });
});

describe('intlLocaleOf', () => {
  it('maps the console codes to BCP 47 locales', () => {
    expect(intlLocaleOf('cn')).toBe('zh-CN');
    expect(intlLocaleOf('en')).toBe('en-US');
    expect(intlLocaleOf('ru')).toBe('ru-RU');
  });

  it('gives en-US for anything else', () => {
    expect(intlLocaleOf('de')).toBe('en-US');
    expect(intlLocaleOf('')).toBe('en-US');
    expect(intlLocaleOf(null)).toBe('en-US');
  });

  it('is needed: Intl reads the bare code cn as English', () => {
    expect(new Intl.NumberFormat('cn').resolvedOptions().locale).not.toMatch(/^zh/);
    expect(new Intl.NumberFormat(intlLocaleOf('cn')).resolvedOptions().locale).toBe('zh-CN');
  });
});

describe('resolveLanguage', () => {
  describe('in app mode', () => {
    it('uses a supported session language', () => {
      expect(resolveLanguage({ appMode: true, sessionLanguage: 'ru' })).toEqual({ language: 'ru', save: false });
      expect(resolveLanguage({ appMode: true, sessionLanguage: 'cn' })).toEqual({ language: 'cn', save: false });
    });

    it('uses en otherwise, ignoring everything else', () => {
      expect(resolveLanguage({ appMode: true, sessionLanguage: 'de', savedLanguage: 'ru', path: '/ru/' })).toEqual({
        language: 'en',
        save: false,
      });
      expect(resolveLanguage({ appMode: true, sessionLanguage: undefined, teamCountryCode: 'CN' })).toEqual({
        language: 'en',
        save: false,
      });
      expect(resolveLanguage({ appMode: true, sessionLanguage: '' })).toEqual({ language: 'en', save: false });
    });
  });

  describe('with a saved language', () => {
    it('uses it when supported, without saving again', () => {
      expect(resolveLanguage({ savedLanguage: 'ru', teamCountryCode: 'CN', path: '/en/' })).toEqual({ language: 'ru', save: false });
      expect(resolveLanguage({ appMode: false, savedLanguage: 'cn', path: '/ru/' })).toEqual({ language: 'cn', save: false });
    });

    it('uses en when the stored value is not supported', () => {
      expect(resolveLanguage({ savedLanguage: 'fr', path: '/ru/' })).toEqual({ language: 'en', save: false });
      expect(resolveLanguage({ savedLanguage: 'RU', teamCountryCode: 'RU' })).toEqual({ language: 'en', save: false });
      expect(resolveLanguage({ savedLanguage: ' ', path: '/' })).toEqual({ language: 'en', save: false });
    });

    it('ignores the session language outside app mode', () => {
      expect(resolveLanguage({ sessionLanguage: 'ru', savedLanguage: 'cn' })).toEqual({ language: 'cn', save: false });
    });
  });

  describe('with nothing stored', () => {
    it('takes the language from the team country and saves it', () => {
      expect(resolveLanguage({ teamCountryCode: 'CN', path: '/en/' })).toEqual({ language: 'cn', save: true });
      expect(resolveLanguage({ teamCountryCode: 'RU', path: '/' })).toEqual({ language: 'ru', save: true });
      expect(resolveLanguage({ teamCountryCode: 'DE', path: '/ru/' })).toEqual({ language: 'en', save: true });
      expect(resolveLanguage({ teamCountryCode: 'ru', savedLanguage: '' })).toEqual({ language: 'ru', save: true });
    });

    it('takes it from the path when the team country is unknown, and saves it', () => {
      expect(resolveLanguage({ path: '/ru/console/' })).toEqual({ language: 'ru', save: true });
      expect(resolveLanguage({ teamCountryCode: 'XX', path: '/en/' })).toEqual({ language: 'en', save: true });
      expect(resolveLanguage({ teamCountryCode: '', path: '/' })).toEqual({ language: 'cn', save: true });
      expect(resolveLanguage({ savedLanguage: null, teamCountryCode: null, path: '/consumer/en/service/josp/agc/' })).toEqual({
        language: 'en',
        save: true,
      });
    });

    it('gives the Chinese site language when there is no path either', () => {
      expect(resolveLanguage({})).toEqual({ language: 'cn', save: true });
      expect(resolveLanguage({ appMode: false, sessionLanguage: null, savedLanguage: undefined, teamCountryCode: undefined, path: null })).toEqual({
        language: 'cn',
        save: true,
      });
    });
  });

  it('never throws on missing or odd input', () => {
    expect(resolveLanguage(undefined)).toEqual({ language: 'cn', save: true });
    expect(resolveLanguage(null)).toEqual({ language: 'cn', save: true });
    expect(resolveLanguage({ savedLanguage: 5 as unknown as string })).toEqual({ language: 'cn', save: true });
    expect(resolveLanguage({ teamCountryCode: 7 as unknown as string, path: '/ru/' })).toEqual({ language: 'ru', save: true });
  });
});
