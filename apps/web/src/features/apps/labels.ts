import { appApi } from '@wharf/contract';
import { intlLocaleOf, languageByKey, languageByTag, LANGUAGES, type Language } from '@wharf/rules';
import type { TFunction } from 'i18next';

/** Select options for the app's platform, category and develop status, in the display language. */
export const platformOptions = (t: TFunction) => appApi.PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`, { ns: 'apps' }) }));
export const categoryOptions = (t: TFunction) => appApi.APP_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`, { ns: 'apps' }) }));
export const developStatusOptions = (t: TFunction) => appApi.DEVELOP_STATUSES.map((s) => ({ value: s, label: t(`developStatus.${s}`, { ns: 'apps' }) }));

/** The store-listing languages of the rules library's catalogue, named in the display language. */
export function languageOptions(language: Language) {
  return LANGUAGES.map((l) => ({ value: l.key, label: `${l.names[language]} (${l.tag})` }));
}

export function languageName(key: string, language: Language): string {
  const found = languageByKey(key);
  return found ? found.names[language] : key;
}

/** The catalogue language matching the display language (zhCN, enUS, ruRU). */
export function defaultLanguageKey(language: Language): string {
  return languageByTag(intlLocaleOf(language))?.key ?? LANGUAGES[0]!.key;
}
