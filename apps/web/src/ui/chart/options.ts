import { formatValue, formatX, type ChartSpec } from './spec';

export interface ChartTheme {
  palette: readonly string[];
  text: string;
  secondaryText: string;
  border: string;
  fontFamily: string;
}

/** ECharts' locale names for the console's languages. */
export const ECHARTS_LOCALE: Readonly<Record<string, string>> = { cn: 'ZH', en: 'EN', ru: 'RU' };

type Params = { seriesName?: string; name?: string; value?: unknown; marker?: string };

/** The ECharts option for a spec, with every number and date in the page's language. */
export function chartOption(spec: ChartSpec, language: string, theme: ChartTheme): Record<string, unknown> {
  const value = (v: unknown) => formatValue(spec.unit, typeof v === 'number' ? v : null, language);
  const x = (v: string) => formatX(spec, v, language);
  const common = {
    color: [...theme.palette],
    textStyle: { fontFamily: theme.fontFamily, color: theme.text },
    aria: { enabled: true },
    animation: false,
    legend: { show: spec.series.length > 1 || spec.kind === 'pie', bottom: 0, textStyle: { color: theme.secondaryText } },
  };
  if (spec.kind === 'pie') {
    const only = spec.series[0];
    return {
      ...common,
      tooltip: { trigger: 'item', formatter: (p: Params) => `${p.marker ?? ''}${x(p.name ?? '')}: ${value(p.value)}` },
      series: [{ type: 'pie', name: only?.name ?? '', radius: ['40%', '70%'], data: spec.x.values.map((name, i) => ({ name, value: only?.values[i] ?? 0 })), label: { formatter: (p: Params) => x(p.name ?? '') } }],
    };
  }
  return {
    ...common,
    grid: { left: 8, right: 16, top: 16, bottom: spec.series.length > 1 ? 40 : 16, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (items: Params[]) => [x(items[0]?.name ?? ''), ...items.map((p) => `${p.marker ?? ''}${p.seriesName ?? ''}: ${value(p.value)}`)].join('<br/>'),
    },
    xAxis: { type: 'category', data: [...spec.x.values], axisLabel: { formatter: x, color: theme.secondaryText }, axisLine: { lineStyle: { color: theme.border } } },
    // Counts are whole: no tick at 0.5 of a user.
    yAxis: { type: 'value', ...(spec.unit === 'count' ? { minInterval: 1 } : {}), axisLabel: { formatter: value, color: theme.secondaryText }, splitLine: { lineStyle: { color: theme.border } } },
    series: spec.series.map((s) => ({
      type: spec.kind === 'bar' ? 'bar' : 'line',
      name: s.name,
      data: [...s.values],
      ...(spec.stacked ? { stack: 'total' } : {}),
      ...(spec.kind === 'area' ? { areaStyle: {} } : {}),
    })),
  };
}
