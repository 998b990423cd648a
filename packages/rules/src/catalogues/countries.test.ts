import { describe, expect, it } from 'vitest';
import { CONTENT_RATINGS, COUNTRIES, contentRatingOf, countryById, sortByCountryName } from './countries';
import { regionOfCountry } from './regions';

describe('COUNTRIES', () => {
  it('holds every ISO 3166-1 country and territory once, in code order', () => {
    expect(COUNTRIES).toHaveLength(249);
    const ids = COUNTRIES.map((c) => c.id);
    expect(new Set(ids).size).toBe(249);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[A-Z]{2}$/);
    for (const id of ['CN', 'RU', 'US', 'DE', 'AX', 'AQ', 'BQ', 'SS', 'ZW', 'TW', 'HK', 'MO', 'PS', 'EH']) {
      expect(ids).toContain(id);
    }
    expect(ids).not.toContain('XK');
    expect(ids).not.toContain('EU');
  });

  it('names every country in cn, en and ru: non-empty and not its code', () => {
    for (const { id, names } of COUNTRIES) {
      for (const name of [names.cn, names.en, names.ru]) {
        expect(name.trim(), id).not.toBe('');
        expect(name, id).not.toBe(id);
      }
      expect(names.ru, id).toMatch(/^\p{Lu}/u);
    }
    expect(countryById('CN')?.names).toEqual({ cn: '中国', en: 'China', ru: 'Китай' });
    expect(countryById('DE')?.names).toEqual({ cn: '德国', en: 'Germany', ru: 'Германия' });
  });

  it('gives the national rating systems', () => {
    expect(countryById('CN')?.contentRating).toBe('HWAR');
    expect(countryById('DE')?.contentRating).toBe('USK');
    expect(countryById('RU')?.contentRating).toBe('Russia');
    expect(countryById('US')?.contentRating).toBe('ESRB');
    expect(countryById('CA')?.contentRating).toBe('ESRB');
    expect(countryById('AU')?.contentRating).toBe('ACB');
    expect(countryById('KR')?.contentRating).toBe('GRAC');
    expect(countryById('BR')?.contentRating).toBe('ClassInd');
  });

  it('gives PEGI to the other European countries and Generic to the rest', () => {
    for (const id of ['FR', 'GB', 'ES', 'IT', 'PL', 'NL', 'SE', 'CH', 'NO', 'UA', 'TR', 'CY']) {
      expect(countryById(id)?.contentRating, id).toBe('PEGI');
    }
    for (const id of ['JP', 'SG', 'IN', 'MX', 'AR', 'EG', 'ZA', 'SA', 'KZ', 'NZ', 'HK', 'TW', 'KP']) {
      expect(countryById(id)?.contentRating, id).toBe('Generic');
    }
    for (const country of COUNTRIES) {
      expect(CONTENT_RATINGS).toContain(country.contentRating);
      if (country.contentRating === 'PEGI') expect(regionOfCountry(country.id)?.id).toBe('europe');
    }
  });

  it('uses each rating system at least once', () => {
    expect(new Set(COUNTRIES.map((c) => c.contentRating))).toEqual(new Set(CONTENT_RATINGS));
  });

  it('is frozen all the way down', () => {
    const cn = countryById('CN');
    expect(Object.isFrozen(COUNTRIES)).toBe(true);
    expect(cn && Object.isFrozen(cn) && Object.isFrozen(cn.names)).toBe(true);
  });
});

describe('countryById', () => {
  it('finds a country by code, ignoring case and spaces', () => {
    expect(countryById('cn')?.id).toBe('CN');
    expect(countryById(' ru ')?.id).toBe('RU');
  });

  it('gives null for unknown or missing codes', () => {
    for (const bad of ['XX', 'CHN', '', 'C', null, undefined, 42 as unknown as string]) {
      expect(countryById(bad)).toBeNull();
    }
  });
});

describe('contentRatingOf', () => {
  it('answers for codes in any case, Generic for unknown', () => {
    expect(contentRatingOf('de')).toBe('USK');
    expect(contentRatingOf('fr')).toBe('PEGI');
    expect(contentRatingOf('XX')).toBe('Generic');
  });
});

describe('countries by name', () => {
  it('sort by the name in the page language, not by code', () => {
    const codes = ['AT', 'DE', 'RU', 'CN', 'GB', 'ZZ'];
    expect(sortByCountryName(codes, 'ru')).toEqual(['AT', 'GB', 'DE', 'CN', 'RU', 'ZZ']); // Австрия, Великобритания, Германия, Китай, Россия
    expect(sortByCountryName(codes, 'en')).toEqual(['AT', 'CN', 'DE', 'RU', 'GB', 'ZZ']);
    expect(sortByCountryName(codes, 'cn')).toEqual(['AT', 'DE', 'RU', 'GB', 'CN', 'ZZ']); // ào, dé, é, yīng, zhōng
  });
});
