import { useTranslation } from 'react-i18next';
import { formatDate, formatFileSize, formatNumber, intlLocaleOf } from '@wharf/rules';
import { localTimeZone, type Language } from '../../session/language';

/** Dates, numbers and sizes in the display language (the rules library's formatters). */
export function useDisplay() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return {
    language,
    date: (iso: string | null | undefined) => (iso ? formatDate(iso, language, localTimeZone()) : ''),
    /** The date and a 24-hour time (hours and minutes), as every site writes them. */
    dateTime: (iso: string | null | undefined) =>
      iso ? `${formatDate(iso, language, localTimeZone())} ${new Date(iso).toLocaleTimeString(intlLocaleOf(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: localTimeZone() })}` : '',
    number: (n: number | null | undefined) => (n === null || n === undefined ? '' : formatNumber(n, language)),
    size: (bytes: number | null | undefined) => formatFileSize(bytes),
  };
}
