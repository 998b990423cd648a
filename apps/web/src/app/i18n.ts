import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/ru';
import { HTML_LANG, type Language } from '../session/language';
import type { LanguageStrings } from './locales/strings';

export const LANGUAGES: readonly Language[] = ['cn', 'en', 'ru'];

/** The app's own strings live in the default namespace. */
export const DEFAULT_NS = 'common';

const DAYJS_LOCALE: Readonly<Record<Language, string>> = { cn: 'zh-cn', en: 'en', ru: 'ru' };

/*
 * Each language's strings are a chunk of their own (app/locales/strings-<language>.ts): a
 * page parses one language's, not all three (180–290 KB of the first load's script
 * instead of 650 KB). Another language is fetched when someone switches to it.
 */
const LOADERS: Readonly<Record<Language, () => Promise<{ default: LanguageStrings }>>> = {
  cn: () => import('./locales/strings-cn'),
  en: () => import('./locales/strings-en'),
  ru: () => import('./locales/strings-ru'),
};
const loaded = new Map<Language, LanguageStrings>();

/** Fetches a language's strings once; `createI18n` needs its language's loaded first. */
export async function loadLanguage(language: Language): Promise<LanguageStrings> {
  const known = loaded.get(language);
  if (known) return known;
  const strings = (await LOADERS[language]()).default;
  loaded.set(language, strings);
  return strings;
}

/**
 * A fresh i18next instance for one display language, initialised synchronously from the
 * loaded strings, so the first render is already translated. Following the
 * language, it keeps dayjs's locale, `<html lang>` and the document title in step.
 */
export function createI18n(language: Language): I18n {
  const strings = loaded.get(language);
  if (!strings) throw new Error(`the ${language} strings are not loaded: await loadLanguage('${language}') first`);
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => applyLanguage(instance, lng as Language));
  void instance.use(initReactI18next).init({
    // Each instance its own namespace maps: i18next adds and removes bundles in place.
    resources: Object.fromEntries([...loaded].map(([lng, namespaces]) => [lng, { ...namespaces }])) as Resource,
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [DEFAULT_NS],
    defaultNS: DEFAULT_NS,
    // A family's own field labels (`fields.<name>`) are found from anywhere.
    fallbackNS: Object.keys(strings).filter((ns) => ns !== DEFAULT_NS),
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** Changes the display language, fetching its strings first if this page has not yet. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  const strings = await loadLanguage(language);
  for (const [ns, bundle] of Object.entries(strings)) {
    if (!instance.hasResourceBundle(language, ns)) instance.addResourceBundle(language, ns, bundle);
  }
  await instance.changeLanguage(language);
}

function applyLanguage(instance: I18n, language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language] ?? 'en');
  if (typeof document !== 'undefined') {
    document.documentElement.lang = HTML_LANG[language] ?? 'en';
    document.title = instance.t('app.documentTitle', { lng: language });
  }
}
