import { COUNTRIES, ZONES, intlLocaleOf, zoneOfCountry, type Language, type Zone } from '@wharf/rules';

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<Language, CountryOption[]>();

/** Countries and regions named in the display language, in its alphabetical order. */
export function countryOptions(language: Language): CountryOption[] {
  let options = cache.get(language);
  if (!options) {
    const collator = new Intl.Collator(intlLocaleOf(language));
    options = COUNTRIES.map((c) => ({ value: c.id, label: c.names[language] })).sort((a, b) => collator.compare(a.label, b.label));
    cache.set(language, options);
  }
  return options;
}

/** The zone sign-up gives a team when the person names none. */
export function defaultZoneFor(countryCode: string | null | undefined): Zone | null {
  return countryCode ? zoneOfCountry(countryCode) : null;
}

export const ZONE_CHOICES: readonly Zone[] = ZONES;

/** The preselected country: the site's own (China on the Chinese site, Russia on the Russian). */
export function siteCountry(language: Language): string | undefined {
  return language === 'cn' ? 'CN' : language === 'ru' ? 'RU' : undefined;
}
