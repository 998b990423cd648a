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

type Params = { seriesName?: string; name?: string; value?: unknown; marker?: string; seriesType?: string };
type Point = [number, number];
interface CustomApi {
  value(dimension: number): number;
  coord(point: Point): Point;
  size(range: Point): Point;
  style(extra?: Record<string, unknown>): Record<string, unknown>;
}

/** Error bars: a vertical line from the low to the high end, with a cap at each. */
function intervalSeries(spec: ChartSpec, color: string): Record<string, unknown> {
  const intervals = spec.intervals!;
  return {
    type: 'custom',
    name: intervals.name,
    z: 10,
    // Both ends count in the axis' extent.
    encode: { x: 0, y: [1, 2] },
    data: intervals.values.map((iv, i) => (iv ? [i, iv[0], iv[1]] : [i, null, null])),
    renderItem: (_: unknown, api: CustomApi) => {
      const low = api.value(1);
      const high = api.value(2);
      if (!Number.isFinite(low) || !Number.isFinite(high)) return null;
      const [x, yLow] = api.coord([api.value(0), low]);
      const [, yHigh] = api.coord([api.value(0), high]);
      const cap = Math.max(4, api.size([1, 0])[0] * 0.12);
      const line = (x1: number, y1: number, x2: number, y2: number) => ({ type: 'line', shape: { x1, y1, x2, y2 }, style: { stroke: color, lineWidth: 1.5 } });
      return { type: 'group', children: [line(x, yLow, x, yHigh), line(x - cap, yLow, x + cap, yLow), line(x - cap, yHigh, x + cap, yHigh)] };
    },
  };
}

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
      formatter: (items: Params[]) =>
        [
          x(items[0]?.name ?? ''),
          ...items.map((p) => {
            const range = p.seriesType === 'custom' && Array.isArray(p.value) ? `${value(p.value[1])} … ${value(p.value[2])}` : value(p.value);
            return `${p.marker ?? ''}${p.seriesName ?? ''}: ${range}`;
          }),
        ].join('<br/>'),
    },
    xAxis: { type: 'category', data: [...spec.x.values], axisLabel: { formatter: x, color: theme.secondaryText }, axisLine: { lineStyle: { color: theme.border } } },
    // Counts are whole: no tick at 0.5 of a user.
    yAxis: { type: 'value', ...(spec.unit === 'count' ? { minInterval: 1 } : {}), axisLabel: { formatter: value, color: theme.secondaryText }, splitLine: { lineStyle: { color: theme.border } } },
    series: [
      ...spec.series.map((s) => ({
        type: spec.kind === 'bar' ? 'bar' : 'line',
        name: s.name,
        data: [...s.values],
        ...(spec.stacked ? { stack: 'total' } : {}),
        ...(spec.kind === 'area' ? { areaStyle: {} } : {}),
      })),
      ...(spec.intervals ? [intervalSeries(spec, theme.text)] : []),
    ],
  };
}
