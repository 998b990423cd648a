import type { Language, LocalizedNames } from '../language';
import { COUNTRY_DATA } from './countries.data';
import { freezeDeep } from './freeze';
import { regionOfCountry } from './regions';

export const CONTENT_RATINGS = Object.freeze([
  'HWAR',
  'PEGI',
  'USK',
  'Russia',
  'ESRB',
  'ACB',
  'GRAC',
  'ClassInd',
  'Generic',
] as const);

/** The age-rating system a country's store uses. */
export type ContentRating = (typeof CONTENT_RATINGS)[number];

/** An ISO 3166-1 alpha-2 code of a country or territory in COUNTRIES. */
export type CountryCode = (typeof COUNTRY_DATA)[number]['id'];

export interface Country {
  readonly id: CountryCode;
  readonly names: LocalizedNames;
  readonly contentRating: ContentRating;
}

// Countries with a national system of their own; the rest of Europe uses PEGI (Germany's
// USK and Russia's own system take precedence over it), everyone else the generic rating.
const NATIONAL_RATINGS: Readonly<Record<string, ContentRating>> = {
  CN: 'HWAR',
  DE: 'USK',
  RU: 'Russia',
  US: 'ESRB',
  CA: 'ESRB',
  AU: 'ACB',
  KR: 'GRAC',
  BR: 'ClassInd',
};

export function contentRatingOf(countryCode: string): ContentRating {
  const code = countryCode.trim().toUpperCase();
  const national = NATIONAL_RATINGS[code];
  if (national) return national;
  return regionOfCountry(code)?.id === 'europe' ? 'PEGI' : 'Generic';
}

/** Every ISO 3166-1 country and territory, in code order, named in cn, en and ru. */
export const COUNTRIES: readonly Country[] = freezeDeep(
  COUNTRY_DATA.map(({ id, names }) => ({ id, names: { ...names }, contentRating: contentRatingOf(id) })),
);

const BY_ID: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((country) => [country.id, country]));

/** The country of a two-letter code (case-insensitive, spaces trimmed), or null. */
export function countryById(code: string | null | undefined): Country | null {
  if (typeof code !== 'string') return null;
  return BY_ID.get(code.trim().toUpperCase()) ?? null;
}

const COLLATION_LOCALE: Readonly<Record<Language, string>> = { cn: 'zh-CN', en: 'en', ru: 'ru' };

/**
 * Country codes in the order a person looks for them: by name in the page's language
 * (Chinese by pinyin, as ICU collates it), not by ISO code. Unknown codes go last.
 */
export function sortByCountryName(codes: readonly string[], language: Language): string[] {
  const collator = new Intl.Collator(COLLATION_LOCALE[language]);
  const name = (c: string) => countryById(c)?.names[language];
  return [...codes].sort((a, b) => {
    const [x, y] = [name(a), name(b)];
    if (x === undefined || y === undefined) return x === y ? a.localeCompare(b) : x === undefined ? 1 : -1;
    return collator.compare(x, y);
  });
}
