import { intlLocaleOf, type Language } from './language';
import { toFiniteNumber } from './numeric';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/**
 * A file size for display, base 1024 with two decimals: under 1 MB in KB, under 1 GB in
 * MB, else GB (1536 -> '1.50 KB', 0 -> '0.00 KB'). The unit is chosen from the exact size
 * before rounding, so 1 MB - 1 byte is '1024.00 KB'. Sizes may be numbers or decimal
 * strings; negative, NaN, infinite or non-numeric input gives '' (there is no size to show).
 */
export function formatFileSize(bytes: number | string | null | undefined): string {
  const n = toFiniteNumber(bytes);
  if (n === null || n < 0) return '';
  if (n < MB) return `${(n / KB).toFixed(2)} KB`;
  if (n < GB) return `${(n / MB).toFixed(2)} MB`;
  return `${(n / GB).toFixed(2)} GB`;
}

function dateOf(value: Date | string | number | null | undefined): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const date = new Date(value.trim());
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

// Building an Intl formatter costs far more than using one, and tables format dates by
// the hundred; the few locale and zone combinations a page uses are kept.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.PluralRules | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateFormatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const options = { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' } as const;
  try {
    return cached(`date|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, options));
  } catch {
    // An unknown time zone name throws a RangeError; the date is then shown in UTC.
    return cached(`date|${locale}|UTC`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }));
  }
}

/**
 * A calendar date in the display language's format: Russian dd.MM.yyyy, the others
 * yyyy-MM-dd. The date may be a Date, an ISO 8601 string (a date-only string is UTC
 * midnight) or ms since the epoch. It is shown in `timeZone` (an IANA name, default UTC);
 * an unknown zone name falls back to UTC. An invalid or missing date gives ''.
 */
export function formatDate(
  date: Date | string | number | null | undefined,
  language: Language | string | null | undefined,
  timeZone: string | null | undefined = 'UTC',
): string {
  const value = dateOf(date);
  if (!value) return '';
  const parts = dateFormatter(intlLocaleOf(language), typeof timeZone === 'string' ? timeZone : 'UTC').formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  const year = part('year').padStart(4, '0');
  const month = part('month');
  const day = part('day');
  return language === 'ru' ? `${day}.${month}.${year}` : `${year}-${month}-${day}`;
}

/** Word forms keyed by Intl plural category; `other` is required and is the fallback. */
export type PluralForms<T = string> = Partial<Record<Intl.LDMLPluralRule, T>> & { other: T };

/**
 * The form of a word for a count, by the language's plural rules (Intl.PluralRules with
 * the mapped locale: English one/other, Russian one/few/many/other, Chinese other only).
 * A category missing from `forms`, or a count that is not a finite number, gives `other`.
 */
export function pluralForm<T>(language: Language | string | null | undefined, n: number, forms: PluralForms<T>): T {
  if (typeof n !== 'number' || !Number.isFinite(n)) return forms.other;
  const locale = intlLocaleOf(language);
  const category = cached(`plural|${locale}`, () => new Intl.PluralRules(locale)).select(n);
  return forms[category] ?? forms.other;
}

/**
 * A number in the display language's style (cn 1,234.5; en 1,234.5; ru 1 234,5 with
 * no-break spaces). Numbers and decimal strings are accepted; anything else, NaN and the
 * infinities give ''.
 */
export function formatNumber(n: number | string | null | undefined, language: Language | string | null | undefined): string {
  const value = toFiniteNumber(n);
  if (value === null) return '';
  const locale = intlLocaleOf(language);
  return cached(`number|${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}
