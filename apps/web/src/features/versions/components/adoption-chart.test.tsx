import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { versionApi } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { createI18n } from '../../../app/i18n';
import { AdoptionChart, adoptionRange } from './AdoptionChart';
import { callEndpoint } from '../../../test/call-mock';
import { loadECharts } from '../../../test/chart-mock';

// ECharts is not run in jsdom: the test reads what the chart is asked to draw.
const setOption = vi.fn();
beforeEach(() => {
  loadECharts.mockImplementation(async () => ({ init: () => ({ setOption, resize() {}, dispose() {} }) }) as never);
});

const OK = { code: 0, msg: 'success' };
const APP_ID = '88888888-8888-4888-8888-888888888888';
const V1 = '11111111-1111-4111-8111-111111111111';
const V2 = '22222222-2222-4222-8222-222222222222';
const NOW = new Date('2026-03-30T12:00:00.000Z');

function show(language: 'en' | 'ru' = 'en') {
  const i18n = createI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AdoptionChart appId={APP_ID} now={NOW} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => callEndpoint.mockReset());

describe('the adoption chart', () => {
  it('asks for the last 30 UTC days and stacks each day by version, with totals per version and country', async () => {
    answerCalls(callEndpoint, {
      [versionApi.downloadStats.id]: ({ query }) => ({
        ret: OK,
        ...(query as object),
        total: 9,
        versions: [
          { versionId: V2, versionCode: 11, versionName: '1.1', total: 4 },
          { versionId: V1, versionCode: 10, versionName: '1.0', total: 5 },
        ],
        days: [
          { day: '2026-03-28', versionId: V1, count: 5 },
          { day: '2026-03-29', versionId: V1, count: 0 },
          { day: '2026-03-30', versionId: V2, count: 4 },
        ],
        countries: [
          { country: 'DE', count: 6 },
          { country: 'ZZ', count: 3 },
        ],
      }),
    });
    const { container } = show();
    expect(await screen.findByText('1.1: 4')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.downloadStats)[0]?.query).toEqual({ appId: APP_ID, from: '2026-03-01', to: '2026-03-30' });
    expect(screen.getByText('1.0: 5')).toBeTruthy();
    expect(screen.getByText('Downloads in the last 30 days')).toBeTruthy();
    expect(screen.getByText('9')).toBeTruthy();
    // One bar per day, stacked by version; the chart shows once its lazy chunk is loaded (slow on a busy machine).
    await waitFor(() => expect(setOption).toHaveBeenCalled(), { timeout: 20_000 });
    expect(await screen.findByRole('img', { name: 'Downloads per day by version, 2026-03-01 to 2026-03-30' })).toBeTruthy();
    const option = setOption.mock.calls.at(-1)![0] as { xAxis: { data: string[] }; series: Array<{ name: string; stack: string; data: number[] }> };
    expect(option.xAxis.data).toHaveLength(30);
    expect(option.xAxis.data.slice(-3)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(option.series.map((x) => [x.name, x.stack, x.data.slice(-3)])).toEqual([
      ['1.1', 'total', [0, 0, 4]],
      ['1.0', 'total', [5, 0, 0]],
    ]);
    const table = [...container.querySelectorAll('.ant-table')].at(-1) as HTMLElement;
    expect(within(table).getByText('Germany')).toBeTruthy();
    expect(within(table).getByText('Unknown')).toBeTruthy();
  });

  it('says what to do next when nothing was downloaded', async () => {
    answerCalls(callEndpoint, {
      [versionApi.downloadStats.id]: ({ query }) => ({ ret: OK, ...(query as object), total: 0, versions: [], days: [], countries: [] }),
    });
    show('ru');
    expect(await screen.findByText(/За последние 30 дн\. загрузок нет\. .*поделитесь страницей в магазине/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('counts its range in UTC days, today included', () => {
    expect(adoptionRange(new Date('2026-01-05T23:30:00.000Z'), 7)).toEqual({ from: '2025-12-30', to: '2026-01-05' });
  });
});
