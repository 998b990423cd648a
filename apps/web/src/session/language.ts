import { resolveLanguage, routeModeOfHash, siteOfPath, type Language } from '@wharf/rules';
import { getSessionValue, readLocalSetting, setSessionValue } from './store';

/** The console's display languages: the same codes as the site variants (cn, en, ru). */
export type { Language };

/** `<html lang>` per display language. */
export const HTML_LANG: Readonly<Record<Language, string>> = { cn: 'zh-CN', en: 'en', ru: 'ru' };

/** The names people pick from in the language switcher: each in its own language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { cn: '简体中文', en: 'English', ru: 'Русский' };

/** The site variant's language (`/en/` English, `/ru/` Russian, anything else Chinese). */
export function siteLanguage(pathname: string): Language {
  return siteOfPath(pathname);
}

/**
 * The display language of a page, as section 4 of the specification resolves it: embedded
 * app mode takes the stored language (else en); otherwise a saved language wins; with
 * nothing saved the team's country, else the path, decides and the choice is saved.
 * The raw stored text is passed on, so an unsupported saved value gives en, not the path.
 */
export function resolvePageLanguage(location: { pathname: string; hash: string }): Language {
  const stored = readLocalSetting('agc_lang');
  const choice = resolveLanguage({
    appMode: routeModeOfHash(location.hash).embeddedApp,
    sessionLanguage: stored,
    savedLanguage: stored,
    teamCountryCode: getSessionValue('agc_team_countryCode'),
    path: location.pathname,
  });
  if (choice.save) setSessionValue('agc_lang', choice.language);
  return choice.language;
}

let current: Language | null = null;

/** The language of this page; the request layer sends it with every call. */
export function currentLanguage(): Language {
  current ??= resolvePageLanguage(window.location);
  return current;
}

/** The page's language is resolved again at its next use (a test's next page, as a reload would). */
export function forgetLanguage(): void {
  current = null;
}

/** The user picked a language: it is used from now on and kept for the next visit. */
export function chooseLanguage(language: Language): void {
  current = language;
  setSessionValue('agc_lang', language);
}

/** The browser's time zone, so dates show the user's own calendar day. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
