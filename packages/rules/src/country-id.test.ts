import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './catalogues/countries';
import { COUNTRY_ID_MAX, COUNTRY_SITE_IDS, countryCodeOfSiteId, countryIdToCForm, siteIdOfCountryCode } from './country-id';

describe('countryIdToCForm', () => {
  it('adds 2,000,000 below 1,000,000', () => {
    expect(countryIdToCForm(0)).toBe('C2000000');
    expect(countryIdToCForm(42)).toBe('C2000042');
    expect(countryIdToCForm(999_999)).toBe('C2999999');
  });

  it('subtracts 1,000,000 from 1,000,000 to 10,000,000, both included', () => {
    expect(countryIdToCForm(1_000_000)).toBe('C0');
    expect(countryIdToCForm(1_000_042)).toBe('C42');
    expect(countryIdToCForm(9_999_999)).toBe('C8999999');
    expect(countryIdToCForm(10_000_000)).toBe('C9000000');
    expect(COUNTRY_ID_MAX).toBe(10_000_000);
  });

  it('accepts decimal strings', () => {
    expect(countryIdToCForm('999999')).toBe('C2999999');
    expect(countryIdToCForm(' 1000000 ')).toBe('C0');
  });

  it('gives null for ids it cannot convert', () => {
    for (const bad of [10_000_001, 1e12, -1, -0.5, 1.5, 999_999.9, NaN, Infinity, -Infinity, '', 'C42', 'abc', null, undefined]) {
      expect(countryIdToCForm(bad)).toBeNull();
    }
  });
});

describe('countryCodeOfSiteId', () => {
  it('maps the ids the specification gives', () => {
    expect(countryCodeOfSiteId(42)).toBe('CN');
    expect(countryCodeOfSiteId(81)).toBe('TR');
    expect(countryCodeOfSiteId(1001)).toBe('SG');
  });

  it('maps other countries by their ISO 3166-1 numeric code', () => {
    expect(countryCodeOfSiteId(276)).toBe('DE');
    expect(countryCodeOfSiteId(643)).toBe('RU');
    expect(countryCodeOfSiteId(840)).toBe('US');
    expect(countryCodeOfSiteId(4)).toBe('AF');
    expect(countryCodeOfSiteId(894)).toBe('ZM');
    expect(countryCodeOfSiteId('76')).toBe('BR');
  });

  it('does not use the ISO numbers of the three historical ids', () => {
    expect(countryCodeOfSiteId(156)).toBeNull();
    expect(countryCodeOfSiteId(792)).toBeNull();
    expect(countryCodeOfSiteId(702)).toBeNull();
  });

  it('gives null for unknown or malformed ids', () => {
    for (const bad of [0, 1, 3, 999, 42.5, -42, NaN, '', 'CN', '4 2', null, undefined]) {
      expect(countryCodeOfSiteId(bad)).toBeNull();
    }
  });
});

describe('siteIdOfCountryCode', () => {
  it('is the inverse of countryCodeOfSiteId', () => {
    expect(siteIdOfCountryCode('CN')).toBe(42);
    expect(siteIdOfCountryCode('TR')).toBe(81);
    expect(siteIdOfCountryCode('SG')).toBe(1001);
    expect(siteIdOfCountryCode('de')).toBe(276);
    expect(siteIdOfCountryCode(' us ')).toBe(840);
  });

  it('gives null for unknown codes', () => {
    for (const bad of ['XX', '', 'CHN', 'toString', '__proto__', null, undefined]) {
      expect(siteIdOfCountryCode(bad)).toBeNull();
    }
  });
});

describe('COUNTRY_SITE_IDS', () => {
  it('gives every country of COUNTRIES exactly one id, and no other code', () => {
    expect(Object.keys(COUNTRY_SITE_IDS).sort()).toEqual(COUNTRIES.map((c) => c.id).sort());
  });

  it('has unique positive whole ids that round-trip', () => {
    const ids = Object.values(COUNTRY_SITE_IDS);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [code, id] of Object.entries(COUNTRY_SITE_IDS)) {
      expect(Number.isInteger(id) && id > 0).toBe(true);
      expect(countryCodeOfSiteId(id)).toBe(code);
      expect(siteIdOfCountryCode(code)).toBe(id);
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(COUNTRY_SITE_IDS)).toBe(true);
  });
});
