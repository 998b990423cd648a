/** The region of the first Accept-Language entry that names one ("de-AT" → AT). */
export function countryOfAcceptLanguage(header: string | undefined): string | null {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (!tag || tag === '*') continue;
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A malformed tag says nothing about the country.
    }
  }
  return null;
}

/** The first well-formed language tag of Accept-Language ("ru-RU,ru;q=0.9" → ru-RU). */
export function languageOfAcceptLanguage(header: string | undefined): string | null {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (!tag || tag === '*') continue;
    try {
      return new Intl.Locale(tag).toString();
    } catch {
      // A malformed tag says nothing about the language.
    }
  }
  return null;
}
