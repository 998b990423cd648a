import { useTranslation } from 'react-i18next';
import { formatDate, formatFileSize, formatNumber, intlLocaleOf } from '@wharf/rules';
import { localTimeZone, type Language } from './language';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** A 24-hour time of day (hours and minutes) as every site writes it; one formatter per language and zone. */
function timeFormat(language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleOf(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    timeFormats.set(key, format);
  }
  return format;
}

/** Dates, times, numbers and sizes in the display language and the user's zone (the rules library's formatters). */
export function useDisplay() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const zone = localTimeZone();
  return {
    language,
    date: (iso: string | null | undefined) => (iso ? formatDate(iso, language, zone) : ''),
    /** The date and a 24-hour time (hours and minutes), as every site writes them. */
    dateTime: (iso: string | null | undefined) => (iso ? `${formatDate(iso, language, zone)} ${timeFormat(language, zone).format(new Date(iso))}` : ''),
    number: (n: number | null | undefined) => (n === null || n === undefined ? '' : formatNumber(n, language)),
    size: (bytes: number | null | undefined) => formatFileSize(bytes),
  };
}
