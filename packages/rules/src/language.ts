import { countryById } from './catalogues/countries';
import { siteOfPath } from './sites';

/** The console's display languages; the same codes name the three site variants. */
export const SUPPORTED_LANGUAGES = Object.freeze(['cn', 'en', 'ru'] as const);

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** A text in each display language. */
export type LocalizedNames = Readonly<Record<Language, string>>;

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The value of the language header, as the specification has the console send it: zh for
 * cn, else en. The Russian site is told apart by the Accept-Language it sends as well
 * (intlLocaleOf), which the server reads when the header says en.
 */
export function languageHeaderOf(language: Language | string | null | undefined): 'zh' | 'en' {
  return language === 'cn' ? 'zh' : 'en';
}

const INTL_LOCALES: Readonly<Record<Language, string>> = Object.freeze({ cn: 'zh-CN', en: 'en-US', ru: 'ru-RU' });

/**
 * The BCP 47 locale of a display language. Required before calling Intl: `cn` is not a
 * language tag Intl knows (it is a region code), so Intl silently falls back to English.
 * Anything unknown gets en-US, the product's default language.
 */
export function intlLocaleOf(language: Language | string | null | undefined): string {
  return isSupportedLanguage(language) ? INTL_LOCALES[language] : INTL_LOCALES.en;
}

export interface LanguageInputs {
  /** Embedded app mode (the hash starts with #/app/). */
  appMode?: boolean | null;
  /** The language held in the session (used in app mode only). */
  sessionLanguage?: string | null;
  /** The language the user saved earlier. */
  savedLanguage?: string | null;
  /** The team's country code (agc_team_countryCode). */
  teamCountryCode?: string | null;
  /** The page path, which selects the site variant. */
  path?: string | null;
}

export interface LanguageChoice {
  language: Language;
  /** Whether the caller should store the language as the saved one. */
  save: boolean;
}

/**
 * Language resolution (spec section 4). Only a first choice, made when nothing was stored,
 * is saved: a stored value is never overwritten, not even when it was unsupported.
 *
 * - Stored languages must match a supported code exactly ('EN' is not 'en').
 * - A team country counts as known when it is in COUNTRIES (case-insensitive); an unknown
 *   code ('XX', '') is ignored and the path decides.
 * - Without a path the Chinese site's language (cn) is chosen: the Chinese site is the one
 *   served at the root, so "no /en/ or /ru/" means cn, as in siteOfPath.
 */
export function resolveLanguage(inputs: LanguageInputs | null | undefined): LanguageChoice {
  const { appMode, sessionLanguage, savedLanguage, teamCountryCode, path } = inputs ?? {};
  if (appMode) {
    return { language: isSupportedLanguage(sessionLanguage) ? sessionLanguage : 'en', save: false };
  }
  if (typeof savedLanguage === 'string' && savedLanguage !== '') {
    return { language: isSupportedLanguage(savedLanguage) ? savedLanguage : 'en', save: false };
  }
  const country = countryById(teamCountryCode);
  if (country) {
    const language: Language = country.id === 'CN' ? 'cn' : country.id === 'RU' ? 'ru' : 'en';
    return { language, save: true };
  }
  return { language: siteOfPath(path), save: true };
}
