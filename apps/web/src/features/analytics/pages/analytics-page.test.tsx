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
const day = (d: string, over: Partial<OverviewDay> = {}): OverviewDay => ({ day: d, newUsers: 0, activeUsers: 0, sessions: 0, events: 0, downloads: 0, updateChecks: 0, crashFreeUsers: null, averageSessionSeconds: 0, ...over });
const totals = { newUsers: 3, activeUsers: 3, sessions: 4, averageSessionSeconds: 75, events: 14, downloads: 0, updateChecks: 0, crashFreeUsers: 66.7 };

function serve(hasData = true) {
  answerCalls(callEndpoint, {
    ...appShellHandlers(),
    [analyticsApi.getAnalyticsSettings.id]: () => ({ ret: OK, settings: { timeZone: 'Asia/Shanghai', retentionDays: 365 } }),
    [analyticsApi.saveAnalyticsSettings.id]: ({ body }) => ({ ret: OK, settings: body }),
    [analyticsApi.analyticsRetention.id]: () => ({
      ret: OK,
      offsets: [1, 7, 30],
      cohorts: [
        { day: '2026-11-10', users: 3, returned: [1, 1, 1] },
        { day: '2026-11-11', users: 1, returned: [0, 0, null] },
      ],
      curve: [
        { offset: 0, users: 4, of: 4 },
        { offset: 1, users: 1, of: 4 },
      ],
    }),
    [analyticsApi.analyticsPortrait.id]: () => ({
      ret: OK,
      users: 3,
      country: [{ key: 'RU', users: 2 }, { key: '', users: 1 }],
      language: [{ key: 'ru-RU', users: 2 }, { key: 'de', users: 1 }],
      os: [{ key: 'android', users: 3 }],
      deviceModel: [{ key: 'Pixel 8', users: 2 }, { key: '*', users: 1 }],
    }),
    [analyticsApi.exploreAnalyticsEvent.id]: ({ query }) => {
      const q = query as { groupBy?: string; property?: string };
      const groups = q.groupBy === 'country' ? [{ key: 'RU', count: q.property ? 1 : 3, valueSum: 5 }, { key: '', count: 1, valueSum: 0 }] : [{ key: 'all', count: 4, valueSum: 5 }];
      return { ret: OK, groups, days: groups.map((g) => ({ day: '2026-11-10', group: g.key, count: g.count, valueSum: g.valueSum })) };
    },
    [analyticsApi.analyticsIndustry.id]: () =>
      hasData
        ? { ret: OK, category: 'app', kindId: null, apps: 6, withheld: null, indicators: [{ metric: 'dailyActiveUsers', app: 1.5, p25: 1, median: 2, p75: 3 }, { metric: 'averageSessionSeconds', app: 75, p25: 41.3, median: 45, p75: 67.5 }] }
        : { ret: OK, category: 'app', kindId: null, apps: 1, withheld: 'tooFewApps', indicators: [] },
    [analyticsApi.deleteAnalyticsUserData.id]: () => ({ ret: OK, deletedEvents: 12, deletedInstances: 1 }),
    [analyticsApi.analyticsEventList.id]: () => ({ ret: OK, events: [{ name: 'add_to_cart', count: 5, valueSum: 0 }, { name: 'purchase', count: 2, valueSum: 9.98 }] }),
    [analyticsApi.analyticsFunnel.id]: ({ query }) => ({ ret: OK, steps: String((query as { steps: string }).steps).split(',').map((name, i) => ({ name, users: [4, 1][i] ?? 0 })) }),
    [analyticsApi.analyticsOverview.id]: ({ query }) => {
      const { from, to } = query as { from: string; to: string };
      return {
        ret: OK,
        timeZone: 'Asia/Shanghai',
        days: hasData ? [day(from, { newUsers: 2, activeUsers: 2, sessions: 2, events: 7, averageSessionSeconds: 90 }), day(to, { newUsers: 1, activeUsers: 2, sessions: 2, events: 7, averageSessionSeconds: 60 })] : [day(from), day(to)],
        totals: hasData ? totals : { newUsers: 0, activeUsers: 0, sessions: 0, averageSessionSeconds: 0, events: 0, downloads: 0, updateChecks: 0, crashFreeUsers: null },
        previous: hasData ? { newUsers: 2, activeUsers: 4, sessions: 4, averageSessionSeconds: 60, events: 0, downloads: 0, updateChecks: 0, crashFreeUsers: 100 } : null,
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
    // Events, downloads and update checks: none in the period before.
    expect(within(kpis).getAllByText('Nothing in the period before')).toHaveLength(3);
    // Crash-free users, shown because the app reports crashes: a third crashed, none before.
    const crashFree = within(kpis).getByText('Crash-free users').closest('.ant-card') as HTMLElement;
    expect(within(crashFree).getByText('66.7 %')).toBeTruthy();
    expect(within(crashFree).getByText('-33.3 % against 100 % before')).toBeTruthy();
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
    // Against the server's other apps of its category: the median and the middle half.
    const industry = await screen.findByTestId('industry');
    expect(within(industry).getByText('Your app against the 6 apps of this server in its category, over the same days: the median, and the middle half of them.')).toBeTruthy();
    expect(within(industry).getByText('1.5 · median 2 (middle half 1 – 3)')).toBeTruthy();
    expect(within(industry).getByText('1 min 15 s · median 45 s (middle half 41 s – 1 min 8 s)')).toBeTruthy();
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

  it('shows each cohort coming back, and a day not come yet as such', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=retention&from=2026-11-10&to=2026-11-11`);
    const table = await screen.findByTestId('retention-cohorts');
    const rows = within(table).getAllByRole('row').map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent)).filter((r) => r.length);
    expect(rows).toEqual([
      ['2026-11-10', '3', '1 · 33.3 %', '1 · 33.3 %', '1 · 33.3 %'],
      ['2026-11-11', '1', '0 · 0 %', '0 · 0 %', 'not yet'],
    ]);
  });

  it('builds a funnel from the events sent, keeps its steps in the address, and shows each step against the one before', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=funnels&from=2026-11-10&to=2026-11-11`);
    expect(await screen.findByText('Pick at least two events, in the order people do them, to see how many get through each step.')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Step 1'));
    fireEvent.click(await screen.findByText('add_to_cart', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(window.location.hash).toContain('steps=add_to_cart'));
    fireEvent.mouseDown(screen.getByLabelText('Step 2'));
    const options = await screen.findAllByText('purchase', { selector: '.ant-select-item-option-content' });
    fireEvent.click(options.at(-1)!);
    const table = await screen.findByTestId('funnel-steps');
    expect(callsTo(callEndpoint, analyticsApi.analyticsFunnel).at(-1)!.query).toMatchObject({ steps: 'add_to_cart,purchase', from: '2026-11-10', to: '2026-11-11' });
    const rows = within(table).getAllByRole('row').map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent)).filter((r) => r.length);
    expect(rows).toEqual([
      ['add_to_cart', '4', '—', '100 %'],
      ['purchase', '1', '25 %', '25 %'],
    ]);
  });

  it("deletes a person's data after a confirmation, and says what went", async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=settings`);
    fireEvent.change(await screen.findByRole('textbox', { name: 'App instance ID' }), { target: { value: ' device-0001 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete data' }));
    expect(await screen.findByText('Delete all analytics data of device-0001? This cannot be undone.')).toBeTruthy();
    const confirm = (await screen.findAllByRole('button', { name: 'Delete data' })).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(callEndpoint, analyticsApi.deleteAnalyticsUserData)).toHaveLength(1));
    expect(callsTo(callEndpoint, analyticsApi.deleteAnalyticsUserData)[0]!.body).toEqual({ instanceId: 'device-0001' });
    expect(await screen.findByText('Deleted: 12 events of 1 app instances')).toBeTruthy();
  });

  it('explores an event: split by country in the page language, then only where a property has a value', async () => {
    serve();
    renderApp('ru', `#/apps/${APP_ID}/analytics?tab=events&from=2026-11-10&to=2026-11-11`);
    fireEvent.click(await screen.findByRole('button', { name: 'Исследовать purchase' }));
    const explorer = await screen.findByTestId('analytics-explorer');
    fireEvent.click(within(explorer).getByText('Страна или регион'));
    const groups = await within(explorer).findByTestId('explore-groups');
    await within(groups).findByText('Россия');
    expect(within(groups).getByText('Неизвестно')).toBeTruthy();
    expect(callsTo(callEndpoint, analyticsApi.exploreAnalyticsEvent).at(-1)!.query).toMatchObject({ event: 'purchase', groupBy: 'country', from: '2026-11-10', to: '2026-11-11' });
    fireEvent.change(within(explorer).getByRole('textbox', { name: 'Свойство' }), { target: { value: 'item' } });
    fireEvent.change(within(explorer).getByRole('textbox', { name: 'Значение' }), { target: { value: 'sword' } });
    fireEvent.click(within(explorer).getByRole('button', { name: 'Отфильтровать' }));
    await waitFor(() => expect(callsTo(callEndpoint, analyticsApi.exploreAnalyticsEvent).at(-1)!.query).toMatchObject({ groupBy: 'country', property: 'item', equals: 'sword' }));
    expect(window.location.hash).toContain('event=purchase');
  });

  it('shows who the users are, with countries and languages named in the page language', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=portrait&from=2026-11-10&to=2026-11-11`);
    const portrait = await screen.findByTestId('analytics-portrait');
    const caption = await within(portrait).findByText('Country or region of the 3 active users from 2026-11-10 to 2026-11-11');
    const rows = within(caption.closest('.ant-table-wrapper') as HTMLElement).getAllByRole('row').map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent)).filter((r) => r.length);
    expect(rows).toEqual([
      ['Russia', '2'],
      ['Not known', '1'],
    ]);
    // The table's cells: the lazily loaded chart beside it may draw the same words.
    expect(within(portrait).getByText('Russian (Russia)', { selector: 'td' })).toBeTruthy();
    expect(within(portrait).getByText('Others', { selector: 'td' })).toBeTruthy();
  });
});
