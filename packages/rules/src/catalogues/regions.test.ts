import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { REGIONS, regionById, regionOfCountry } from './regions';

describe('REGIONS', () => {
  it('are the eight regions of the specification', () => {
    expect(REGIONS.map((r) => r.names.en)).toEqual([
      'China',
      'Europe',
      'Africa',
      'Middle East',
      'North America',
      'Central Asia',
      'Asia & Pacific',
      'Latin America and the Caribbean',
    ]);
    expect(new Set(REGIONS.map((r) => r.id)).size).toBe(8);
  });

  it('are named in cn, en and ru', () => {
    for (const { id, names } of REGIONS) {
      expect(names.cn, id).toMatch(/\p{Script=Han}/u);
      expect(names.en, id).toMatch(/^[A-Z]/);
      expect(names.ru, id).toMatch(/^\p{Lu}\p{Script=Cyrillic}/u);
    }
  });

  it('put every country of COUNTRIES in exactly one region', () => {
    const seen = new Map<string, string[]>();
    for (const region of REGIONS) {
      for (const code of region.countries) seen.set(code, [...(seen.get(code) ?? []), region.id]);
    }
    const ids = COUNTRIES.map((c) => c.id);
    const missing = ids.filter((id) => !seen.has(id));
    const twice = [...seen].filter(([, regions]) => regions.length > 1);
    const unknown = [...seen.keys()].filter((code) => !ids.includes(code as (typeof ids)[number]));
    expect({ missing, twice, unknown }).toEqual({ missing: [], twice: [], unknown: [] });
  });

  it('keep China to the Chinese mainland', () => {
    expect(regionById('china')?.countries).toEqual(['CN']);
    expect(regionOfCountry('HK')?.id).toBe('asiaPacific');
    expect(regionOfCountry('TW')?.id).toBe('asiaPacific');
  });

  it('place well-known countries as documented', () => {
    const expected: Record<string, string> = {
      RU: 'europe',
      DE: 'europe',
      TR: 'europe',
      CY: 'europe',
      EG: 'africa',
      ZA: 'africa',
      SA: 'middleEast',
      IR: 'middleEast',
      IL: 'middleEast',
      US: 'northAmerica',
      CA: 'northAmerica',
      KZ: 'centralAsia',
      GE: 'centralAsia',
      JP: 'asiaPacific',
      AU: 'asiaPacific',
      IN: 'asiaPacific',
      AQ: 'asiaPacific',
      MX: 'latinAmerica',
      BR: 'latinAmerica',
      PR: 'latinAmerica',
    };
    for (const [code, region] of Object.entries(expected)) expect(regionOfCountry(code)?.id, code).toBe(region);
  });

  it('are frozen', () => {
    const europe = regionById('europe');
    expect(Object.isFrozen(REGIONS)).toBe(true);
    expect(europe && Object.isFrozen(europe.countries)).toBe(true);
  });
});

describe('regionOfCountry and regionById', () => {
  it('ignore case and give null for unknown input', () => {
    expect(regionOfCountry('de')?.id).toBe('europe');
    expect(regionOfCountry('XX')).toBeNull();
    expect(regionOfCountry('')).toBeNull();
    expect(regionOfCountry(undefined)).toBeNull();
    expect(regionById('mars')).toBeNull();
    expect(regionById(null)).toBeNull();
  });
});
