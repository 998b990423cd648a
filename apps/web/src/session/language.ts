import { siteOfPath, type Language } from '@wharf/rules';

/** The console's display languages: the same codes as the site variants (cn, en, ru). */
export type { Language };

/** `<html lang>` per display language. */
export const HTML_LANG: Readonly<Record<Language, string>> = { cn: 'zh-CN', en: 'en', ru: 'ru' };

/**
 * The display language for a page address. For now the site variant decides
 * (`/en/` English, `/ru/` Russian, anything else Chinese); the full resolution of the
 * specification (stored choice, team country, app mode) will grow here.
 */
export function resolveDisplayLanguage(pathname: string): Language {
  return siteOfPath(pathname);
}

let current: Language | null = null;

/** The language of this page; the request layer sends it with every call. */
export function currentLanguage(): Language {
  current ??= resolveDisplayLanguage(window.location.pathname);
  return current;
}

export function setCurrentLanguage(language: Language): void {
  current = language;
}

/** The browser's time zone, so dates show the user's own calendar day. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
