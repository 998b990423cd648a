import { describe, expect, it } from 'vitest';
import { HTML_LANG, resolveDisplayLanguage } from './language';

describe('display language', () => {
  it('follows the site variant of the path', () => {
    expect(resolveDisplayLanguage('/')).toBe('cn');
    expect(resolveDisplayLanguage('/en/')).toBe('en');
    expect(resolveDisplayLanguage('/ru/')).toBe('ru');
    expect(resolveDisplayLanguage('/something/else')).toBe('cn');
  });

  it('names the page language for <html lang>', () => {
    expect(HTML_LANG).toEqual({ cn: 'zh-CN', en: 'en', ru: 'ru' });
  });
});
