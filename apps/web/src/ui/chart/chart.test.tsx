import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../app/i18n';
import type { Language } from '../../session/language';
import { Chart } from './Chart';
import { formatValue, type ChartSpec } from './spec';
import { loadECharts } from '../../test/chart-mock';

// ECharts itself is not run in jsdom: the loader is replaced, and the test reads what the
// component asks of it.
const chart = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
const init = vi.fn((..._args: unknown[]) => chart);
beforeEach(() => {
  loadECharts.mockImplementation(async () => ({ init }) as never);
});

const SPEC: ChartSpec = {
  kind: 'bar',
  stacked: true,
  unit: 'count',
  x: { kind: 'day', values: ['2026-03-28', '2026-03-29'], label: 'Day' },
  series: [
    { name: '1.0', values: [1234.5, 0] },
    { name: '1.1', values: [null, 42] },
  ],
};

function show(language: Language, spec = SPEC) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <Chart spec={spec} summary="Downloads per day" emptyText="Nothing yet: release a version first." />
    </I18nextProvider>,
  );
}

afterEach(() => {
  vi.clearAllMocks();
});

type Option = { xAxis: { axisLabel: { formatter: (v: string) => string } }; yAxis: { axisLabel: { formatter: (v: number) => string } }; series: Array<{ stack?: string; name: string }> };
const lastOption = () => chart.setOption.mock.calls.at(-1)![0] as unknown as Option;

describe('the chart', () => {
  it('loads ECharts only when it first draws, in the page language, with numbers and dates as the page writes them', async () => {
    expect(loadECharts).not.toHaveBeenCalled();
    show('ru');
    await waitFor(() => expect(chart.setOption).toHaveBeenCalled());
    expect(loadECharts).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledWith(expect.any(HTMLElement), null, { renderer: 'svg', locale: 'RU' });
    const option = lastOption();
    expect(option.xAxis.axisLabel.formatter('2026-03-28')).toBe('28.03.2026');
    expect(option.yAxis.axisLabel.formatter(1234.5)).toBe('1\u00a0234,5');
    expect(option.series.map((s) => [s.name, s.stack])).toEqual([
      ['1.0', 'total'],
      ['1.1', 'total'],
    ]);
    expect(screen.getByRole('img', { name: 'Downloads per day' })).toBeTruthy();
  });

  it('shows the same numbers as a table, for everyone on request and for screen readers always', async () => {
    show('en');
    await waitFor(() => expect(chart.setOption).toHaveBeenCalled());
    // Beside the chart, hidden from view: the table a screen reader reads.
    expect(screen.getByText('1,234.5')).toBeTruthy();
    fireEvent.click(screen.getByText('Table'));
    const table = screen.getByText('Downloads per day').closest('.ant-table-wrapper') as HTMLElement;
    const rows = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['Day1.01.1', '2026-03-281,234.5—', '2026-03-29042']);
    expect(chart.dispose).toHaveBeenCalled();
  });

  it('says what to do next when there is nothing to draw, without loading ECharts', () => {
    show('en', { ...SPEC, series: [{ name: '1.0', values: [0, 0] }] });
    expect(screen.getByText('Nothing yet: release a version first.')).toBeTruthy();
    expect(loadECharts).not.toHaveBeenCalled();
  });

  it('says so when ECharts cannot be loaded, and keeps the table', async () => {
    loadECharts.mockRejectedValueOnce(new Error('chunk failed'));
    show('cn');
    expect(await screen.findByText('图表无法加载。选择“表格”查看数据。')).toBeTruthy();
    fireEvent.click(screen.getByText('表格'));
    expect(screen.getAllByText('1,234.5').length).toBeGreaterThan(0);
  });

  it('draws a range around each bar as error bars, and gives the ranges in the table', async () => {
    const spec: ChartSpec = {
      kind: 'bar',
      unit: 'percent',
      x: { kind: 'category', values: ['B', 'C'], label: 'Variant' },
      series: [{ name: 'Difference', values: [3, -1] }],
      intervals: { name: '95% interval', values: [[0.2, 5.8], null] },
    };
    show('en', spec);
    await waitFor(() => expect(chart.setOption).toHaveBeenCalled());
    const series = (chart.setOption.mock.calls.at(-1)![0] as unknown as { series: Array<{ type: string; name: string; data: unknown[]; encode?: unknown }> }).series;
    expect(series.map((x) => x.type)).toEqual(['bar', 'custom']);
    expect(series[1]).toMatchObject({ name: '95% interval', data: [[0, 0.2, 5.8], [1, null, null]], encode: { x: 0, y: [1, 2] } });
    fireEvent.click(screen.getByText('Table'));
    const table = screen.getByText('Downloads per day').closest('.ant-table-wrapper') as HTMLElement;
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['VariantDifference95% interval', 'B3 %0.2 % … 5.8 %', 'C-1 %—']);
  });
});

describe('durations', () => {
  it('keep a tenth below 10 ms, whole milliseconds below a second, then seconds', () => {
    expect([0.4, 1.26, 9.95, 42.4, 1234].map((v) => formatValue('duration', v, 'en'))).toEqual(['0.4 ms', '1.3 ms', '10 ms', '42 ms', '1.2 s']);
  });
});
