import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageByKey, languageByTag } from './languages';

describe('LANGUAGES', () => {
  it('has about 70 store-listing languages with unique keys and tags', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(70);
    expect(LANGUAGES.length).toBeLessThanOrEqual(90);
    expect(new Set(LANGUAGES.map((l) => l.key)).size).toBe(LANGUAGES.length);
    expect(new Set(LANGUAGES.map((l) => l.tag)).size).toBe(LANGUAGES.length);
  });

  it('includes the keys the console relies on', () => {
    const keys = new Set<string>(LANGUAGES.map((l) => l.key));
    for (const key of ['zhCN', 'zhTW', 'zhHK', 'enUS', 'enGB', 'ruRU', 'ptBR', 'ptPT', 'esES', 'es419', 'frFR', 'deDE', 'jaJP', 'koKR', 'arSA']) {
      expect(keys.has(key), key).toBe(true);
    }
  });

  it('uses canonical BCP 47 tags, and the tag without hyphens as key', () => {
    for (const { key, tag } of LANGUAGES) {
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
      expect(key).toBe(tag.replace(/-/g, ''));
    }
  });

  it('names every language in cn, en and ru: non-empty, not the tag, in the right script', () => {
    for (const { tag, names } of LANGUAGES) {
      for (const name of [names.cn, names.en, names.ru]) {
        expect(name.trim()).not.toBe('');
        expect(name).not.toBe(tag);
      }
      expect(names.cn, tag).toMatch(/\p{Script=Han}/u);
      expect(names.en, tag).toMatch(/^[A-Z]/);
      expect(names.ru, tag).toMatch(/^\p{Lu}/u);
      expect(names.ru, tag).toMatch(/\p{Script=Cyrillic}/u);
    }
  });

  it('has the names Intl gives, e.g. for Brazilian Portuguese', () => {
    expect(languageByKey('ptBR')).toEqual({
      key: 'ptBR',
      tag: 'pt-BR',
      names: { cn: '葡萄牙语（巴西）', en: 'Portuguese (Brazil)', ru: 'Португальский (Бразилия)' },
    });
    expect(languageByKey('es419')?.names.en).toBe('Spanish (Latin America)');
  });

  it('is frozen all the way down', () => {
    expect(Object.isFrozen(LANGUAGES)).toBe(true);
    const first = LANGUAGES[0];
    expect(first && Object.isFrozen(first) && Object.isFrozen(first.names)).toBe(true);
  });
});

describe('languageByKey and languageByTag', () => {
  it('find a language by key (exact) or tag (any case, _ or -)', () => {
    expect(languageByKey('zhCN')?.tag).toBe('zh-CN');
    expect(languageByKey('zhcn')).toBeNull();
    expect(languageByTag('zh-CN')?.key).toBe('zhCN');
    expect(languageByTag('ZH_cn')?.key).toBe('zhCN');
    expect(languageByTag(' es-419 ')?.key).toBe('es419');
  });

  it('give null for unknown or missing input', () => {
    expect(languageByKey('xxYY')).toBeNull();
    expect(languageByKey(undefined)).toBeNull();
    expect(languageByTag('xx-YY')).toBeNull();
    expect(languageByTag('')).toBeNull();
    expect(languageByTag(null)).toBeNull();
  });
});
