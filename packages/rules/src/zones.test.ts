import { describe, expect, it } from 'vitest';
import { ZONE_SITE_IDS } from './constants';
import { DEFAULT_ZONE, ZONES, isZone, languageOfZone, siteIdOfZone, zoneOfCountry, zoneOfSite } from './zones';

describe('ZONES', () => {
  it('lists the five zones, each with a site id', () => {
    expect([...ZONES]).toEqual(['china', 'singapore', 'europe', 'russia', 'iran']);
    expect(ZONES.map((z) => ZONE_SITE_IDS[z])).toEqual([1, 5, 7, 8, 3]);
    expect(Object.isFrozen(ZONES)).toBe(true);
    expect(DEFAULT_ZONE).toBe('china');
  });

  it('isZone accepts exactly the zone names', () => {
    expect(isZone('europe')).toBe(true);
    expect(isZone('Europe')).toBe(false);
    expect(isZone(7)).toBe(false);
  });
});

describe('zoneOfSite', () => {
  it('maps the zone site ids', () => {
    expect(zoneOfSite(1)).toBe('china');
    expect(zoneOfSite(5)).toBe('singapore');
    expect(zoneOfSite(7)).toBe('europe');
    expect(zoneOfSite(8)).toBe('russia');
    expect(zoneOfSite(3)).toBe('iran');
  });

  it('accepts numeric strings, as cookies hold them', () => {
    expect(zoneOfSite('7')).toBe('europe');
    expect(zoneOfSite(' 8 ')).toBe('russia');
    expect(zoneOfSite('3')).toBe('iran');
  });

  it('falls back to China for unknown or malformed ids', () => {
    for (const bad of [0, 2, 4, 6, 9, 42, -1, 7.5, NaN, Infinity, '', 'seven', '7a', '0x7', null, undefined]) {
      expect(zoneOfSite(bad)).toBe('china');
    }
  });
});

describe('siteIdOfZone', () => {
  it('is the inverse of zoneOfSite', () => {
    for (const zone of ZONES) expect(zoneOfSite(siteIdOfZone(zone))).toBe(zone);
    expect(siteIdOfZone('europe')).toBe(7);
  });

  it('gives 1 for unknown zones', () => {
    expect(siteIdOfZone('mars')).toBe(1);
    expect(siteIdOfZone('Europe')).toBe(1);
    expect(siteIdOfZone('')).toBe(1);
    expect(siteIdOfZone(undefined)).toBe(1);
    expect(siteIdOfZone(null)).toBe(1);
    expect(siteIdOfZone('toString')).toBe(1);
  });
});

describe('languageOfZone', () => {
  it('gives cn for China, ru for Russia, en for the others', () => {
    expect(languageOfZone('china')).toBe('cn');
    expect(languageOfZone('russia')).toBe('ru');
    expect(languageOfZone('singapore')).toBe('en');
    expect(languageOfZone('europe')).toBe('en');
    expect(languageOfZone('iran')).toBe('en');
  });

  it("gives China's language for unknown zones", () => {
    expect(languageOfZone('mars')).toBe('cn');
    expect(languageOfZone('')).toBe('cn');
    expect(languageOfZone(undefined)).toBe('cn');
  });
});

describe('zoneOfCountry', () => {
  it('places CN, RU and IR in their own zones', () => {
    expect(zoneOfCountry('CN')).toBe('china');
    expect(zoneOfCountry('RU')).toBe('russia');
    expect(zoneOfCountry('IR')).toBe('iran');
  });

  it('places EU and EEA countries in Europe', () => {
    for (const code of ['DE', 'FR', 'IE', 'CY', 'NO', 'IS', 'LI']) expect(zoneOfCountry(code)).toBe('europe');
  });

  it('places every other country in Singapore, even European non-EEA ones', () => {
    for (const code of ['US', 'SG', 'JP', 'BR', 'GB', 'CH', 'TR', 'UA', 'HK']) expect(zoneOfCountry(code)).toBe('singapore');
  });

  it('is case-insensitive and sends unknown codes to China', () => {
    expect(zoneOfCountry(' de ')).toBe('europe');
    expect(zoneOfCountry('XX')).toBe('china');
    expect(zoneOfCountry('')).toBe('china');
    expect(zoneOfCountry(null)).toBe('china');
  });
});
