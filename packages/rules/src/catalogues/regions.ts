import type { LocalizedNames } from '../language';
import { freezeDeep } from './freeze';

export type RegionId =
  | 'china'
  | 'europe'
  | 'africa'
  | 'middleEast'
  | 'northAmerica'
  | 'centralAsia'
  | 'asiaPacific'
  | 'latinAmerica';

export interface Region {
  readonly id: RegionId;
  readonly names: LocalizedNames;
  /** Two-letter codes of the countries in the region (see COUNTRIES). */
  readonly countries: readonly string[];
}

const codes = (list: string): readonly string[] => list.trim().split(/\s+/);

/**
 * The eight regions of the specification. Every ISO 3166-1 country or territory is in
 * exactly one. Membership follows the UN M49 geographic regions, adjusted to the console:
 * - China is the Chinese mainland only (HWAR rating); Hong Kong, Macao and Taiwan are in
 *   Asia & Pacific, as in AppGallery Connect's country list.
 * - Middle East is M49 Western Asia plus Iran, less the South Caucasus, Cyprus and Türkiye.
 * - Central Asia is M49 Central Asia plus the South Caucasus (Armenia, Azerbaijan, Georgia).
 * - Cyprus and Türkiye are in Europe, the PEGI market they belong to.
 * - North America is M49 Northern America (Bermuda, Canada, Greenland, Saint Pierre and
 *   Miquelon, the US); Mexico and Central America are in Latin America and the Caribbean.
 * - Asia & Pacific is the rest of Asia plus Oceania, and Antarctica, which M49 leaves out.
 * - Territories stay where M49 puts them (Bouvet and South Georgia in Latin America,
 *   British Indian Ocean Territory and French Southern Territories in Africa).
 */
export const REGIONS: readonly Region[] = freezeDeep([
  {
    id: 'china',
    names: { cn: '中国', en: 'China', ru: 'Китай' },
    countries: codes('CN'),
  },
  {
    id: 'europe',
    names: { cn: '欧洲', en: 'Europe', ru: 'Европа' },
    countries: codes(`
      AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT
      JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM TR UA VA`),
  },
  {
    id: 'africa',
    names: { cn: '非洲', en: 'Africa', ru: 'Африка' },
    countries: codes(`
      DZ EG LY MA SD TN EH
      BI DJ ER ET IO KE KM MG MU MW MZ RE RW SC SO SS TF TZ UG YT ZM ZW
      AO CD CF CG CM GA GQ ST TD
      BW LS NA SZ ZA
      BF BJ CI CV GH GM GN GW LR ML MR NE NG SH SL SN TG`),
  },
  {
    id: 'middleEast',
    names: { cn: '中东', en: 'Middle East', ru: 'Ближний Восток' },
    countries: codes('AE BH IL IQ IR JO KW LB OM PS QA SA SY YE'),
  },
  {
    id: 'northAmerica',
    names: { cn: '北美洲', en: 'North America', ru: 'Северная Америка' },
    countries: codes('BM CA GL PM US'),
  },
  {
    id: 'centralAsia',
    names: { cn: '中亚', en: 'Central Asia', ru: 'Центральная Азия' },
    countries: codes('KG KZ TJ TM UZ AM AZ GE'),
  },
  {
    id: 'asiaPacific',
    names: { cn: '亚太', en: 'Asia & Pacific', ru: 'Азиатско-Тихоокеанский регион' },
    countries: codes(`
      HK JP KP KR MN MO TW
      BN ID KH LA MM MY PH SG TH TL VN
      AF BD BT IN LK MV NP PK
      AU CC CX HM NF NZ FJ NC PG SB VU FM GU KI MH MP NR PW UM AS CK NU PF PN TK TO TV WF WS
      AQ`),
  },
  {
    id: 'latinAmerica',
    names: { cn: '拉丁美洲和加勒比', en: 'Latin America and the Caribbean', ru: 'Латинская Америка и Карибский бассейн' },
    countries: codes(`
      AG AI AW BB BL BQ BS CU CW DM DO GD GP HT JM KN KY LC MF MQ MS PR SX TC TT VC VG VI
      BZ CR GT HN MX NI PA SV
      AR BO BR BV CL CO EC FK GF GS GY PE PY SR UY VE`),
  },
]);

const REGION_OF_COUNTRY: ReadonlyMap<string, Region> = new Map(
  REGIONS.flatMap((region) => region.countries.map((code) => [code, region] as const)),
);

/** The region of a two-letter country code (case-insensitive), or null when unknown. */
export function regionOfCountry(countryCode: string | null | undefined): Region | null {
  if (typeof countryCode !== 'string') return null;
  return REGION_OF_COUNTRY.get(countryCode.trim().toUpperCase()) ?? null;
}

export function regionById(id: string | null | undefined): Region | null {
  return REGIONS.find((region) => region.id === id) ?? null;
}
