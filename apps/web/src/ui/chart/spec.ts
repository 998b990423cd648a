import { formatDate, formatFileSize, formatNumber } from '@wharf/rules';

/** What a number is, so that axes, tooltips and the table say it the same way. */
export type ChartUnit = 'count' | 'percent' | 'bytes' | 'duration';

export interface ChartSeries {
  name: string;
  /** One value per x value, in the same order; null where there is none. */
  values: ReadonlyArray<number | null>;
}

/**
 * A chart people compare numbers in: bars (grouped or stacked), lines or areas over days
 * or categories, or a pie of one series' shares.
 */
export interface ChartSpec {
  kind: 'bar' | 'line' | 'area' | 'pie';
  stacked?: boolean;
  unit: ChartUnit;
  /** Days (`yyyy-mm-dd`, shown in the page's date format) or category names. */
  x: { kind: 'day' | 'category'; values: readonly string[]; label: string };
  series: readonly ChartSeries[];
  /** A range around each value of the first series (a confidence interval), drawn as error bars; null where there is none. */
  intervals?: { name: string; values: ReadonlyArray<readonly [number, number] | null> };
}

export function formatValue(unit: ChartUnit, value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  switch (unit) {
    case 'percent':
      return `${formatNumber(Math.round(value * 10) / 10, language)} %`;
    case 'bytes':
      return formatFileSize(value);
    case 'duration':
      // Below 10 ms a tenth is kept, so a fast function's axis does not say 1 ms twice.
      return value < 10 ? `${formatNumber(Math.round(value * 10) / 10, language)} ms` : value < 1000 ? `${formatNumber(Math.round(value), language)} ms` : `${formatNumber(Math.round(value / 100) / 10, language)} s`;
    default:
      return formatNumber(value, language);
  }
}

export const formatX = (spec: ChartSpec, value: string, language: string) => (spec.x.kind === 'day' ? formatDate(value, language) : value);

export const isEmpty = (spec: ChartSpec) => spec.x.values.length === 0 || (spec.series.every((s) => s.values.every((v) => !v)) && !spec.intervals?.values.some(Boolean));
