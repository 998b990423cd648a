import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { analyticsApi, type OverviewDay } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { APP_ID, appShellHandlers } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The App Analytics page with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const day = (d: string, over: Partial<OverviewDay> = {}): OverviewDay => ({ day: d, newUsers: 0, activeUsers: 0, sessions: 0, events: 0, averageSessionSeconds: 0, ...over });
const totals = { newUsers: 3, activeUsers: 3, sessions: 4, averageSessionSeconds: 75, events: 14 };

function serve(hasData = true) {
  answerCalls(callEndpoint, {
    ...appShellHandlers(),
    [analyticsApi.getAnalyticsSettings.id]: () => ({ ret: OK, settings: { timeZone: 'Asia/Shanghai', retentionDays: 365 } }),
    [analyticsApi.saveAnalyticsSettings.id]: ({ body }) => ({ ret: OK, settings: body }),
    [analyticsApi.analyticsOverview.id]: ({ query }) => {
      const { from, to } = query as { from: string; to: string };
      return {
        ret: OK,
        timeZone: 'Asia/Shanghai',
        days: hasData ? [day(from, { newUsers: 2, activeUsers: 2, sessions: 2, events: 7, averageSessionSeconds: 90 }), day(to, { newUsers: 1, activeUsers: 2, sessions: 2, events: 7, averageSessionSeconds: 60 })] : [day(from), day(to)],
        totals: hasData ? totals : { newUsers: 0, activeUsers: 0, sessions: 0, averageSessionSeconds: 0, events: 0 },
        previous: hasData ? { newUsers: 2, activeUsers: 4, sessions: 4, averageSessionSeconds: 60, events: 0 } : null,
        weeklyActiveUsers: hasData ? 3 : 0,
        monthlyActiveUsers: hasData ? 3 : 0,
        hasData,
      };
    },
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('App Analytics page', () => {
  it('shows the headline numbers against the period before, and the days in a table of the chart', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics?from=2026-11-20&to=2026-11-21`);
    const kpis = await screen.findByTestId('analytics-kpis');
    expect(within(kpis).getByText('Active users')).toBeTruthy();
    expect(within(kpis).getByText('1 min 15 s')).toBeTruthy();
    expect(within(kpis).getByText('-25 % against 4 before')).toBeTruthy();
    expect(within(kpis).getByText('+50 % against 2 before')).toBeTruthy();
    expect(within(kpis).getByText('Nothing in the period before')).toBeTruthy();
    expect(screen.getByText('Days in Asia/Shanghai')).toBeTruthy();
    const overview = callsTo(callEndpoint, analyticsApi.analyticsOverview)[0]!;
    expect(overview.query).toMatchObject({ appId: APP_ID, from: '2026-11-20', to: '2026-11-21', compare: 'true' });
    // The chart's table is always in the page: the numbers, not pixels.
    const caption = await screen.findByText('Active and new users per day from 2026-11-20 to 2026-11-21');
    const table = caption.closest('.ant-table-wrapper') as HTMLElement;
    const rows = within(table).getAllByRole('row').map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent));
    expect(rows.filter((r) => r.length)).toEqual([
      ['2026-11-20', '2', '2'],
      ['2026-11-21', '2', '1'],
    ]);
  });

  it('says how to start sending events when nothing has arrived yet, in Russian', async () => {
    serve(false);
    renderApp('ru', `#/apps/${APP_ID}/analytics`);
    expect(await screen.findByText('Начните отправлять события')).toBeTruthy();
    const overview = callsTo(callEndpoint, analyticsApi.analyticsOverview)[0]!;
    const { from, to } = overview.query as { from: string; to: string };
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
  });

  it('switches to the last 7 days and keeps the choice in the address', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics`);
    await screen.findByTestId('analytics-kpis');
    fireEvent.click(screen.getByText('Last 7 days'));
    await waitFor(() => expect(window.location.hash).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/));
    const last = callsTo(callEndpoint, analyticsApi.analyticsOverview).at(-1)!.query as { from: string; to: string };
    expect((Date.parse(last.to) - Date.parse(last.from)) / 86_400_000).toBe(6);
  });

  it('saves the reporting time zone and retention', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=settings`);
    const retention = await screen.findByLabelText('Keep raw events for');
    fireEvent.mouseDown(retention);
    fireEvent.click(await screen.findByText('90 days', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(callEndpoint, analyticsApi.saveAnalyticsSettings)).toHaveLength(1));
    expect(callsTo(callEndpoint, analyticsApi.saveAnalyticsSettings)[0]!.body).toEqual({ timeZone: 'Asia/Shanghai', retentionDays: 90 });
  });
});
