import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/ru';
import cn from './locales/cn.json';
import en from './locales/en.json';
import ru from './locales/ru.json';
import { HTML_LANG, type Language } from '../session/language';

export const LANGUAGES: readonly Language[] = ['cn', 'en', 'ru'];

/** The app's own strings live in the default namespace. */
export const DEFAULT_NS = 'common';

const DAYJS_LOCALE: Readonly<Record<Language, string>> = { cn: 'zh-cn', en: 'en', ru: 'ru' };

/**
 * Each family may bring `features/<family>/locales/{cn,en,ru}.json`; they are picked up
 * here as the namespace `<family>` (`useTranslation('<family>')`).
 */
const featureLocales = import.meta.glob<Record<string, unknown>>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

function buildResources(): Resource {
  const resources: Resource = {
    cn: { [DEFAULT_NS]: cn },
    en: { [DEFAULT_NS]: en },
    ru: { [DEFAULT_NS]: ru },
  };
  for (const [file, strings] of Object.entries(featureLocales)) {
    const match = /features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, family, language] = match as unknown as [string, string, string];
    const forLanguage = resources[language];
    if (forLanguage) forLanguage[family] = strings;
  }
  return resources;
}

function familyNamespaces(): string[] {
  return [...new Set(Object.keys(featureLocales).map((file) => /features\/([^/]+)\/locales\//.exec(file)?.[1]).filter((f): f is string => !!f))];
}

/**
 * A fresh i18next instance for one display language, initialised synchronously (the
 * strings are bundled), so the first render is already translated. Following the
 * language, it keeps dayjs's locale, `<html lang>` and the document title in step.
 */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => applyLanguage(instance, lng as Language));
  void instance.use(initReactI18next).init({
    resources: buildResources(),
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [DEFAULT_NS],
    defaultNS: DEFAULT_NS,
    // A family's own field labels (`fields.<name>`) are found from anywhere.
    fallbackNS: familyNamespaces(),
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

function applyLanguage(instance: I18n, language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language] ?? 'en');
  if (typeof document !== 'undefined') {
    document.documentElement.lang = HTML_LANG[language] ?? 'en';
    document.title = instance.t('app.documentTitle', { lng: language });
  }
}
