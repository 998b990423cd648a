import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { analyticsApi } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { APP_ID, appShellHandlers } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The Distribution tab with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };

function serve(hasData = true) {
  answerCalls(callEndpoint, {
    ...appShellHandlers(),
    [analyticsApi.getAnalyticsSettings.id]: () => ({ ret: OK, settings: { timeZone: 'Asia/Shanghai', retentionDays: 365 } }),
    [analyticsApi.analyticsDistribution.id]: () => ({
      ret: OK,
      timeZone: 'Asia/Shanghai',
      days: [
        { day: '2026-11-20', downloads: 4, installs: 3, updateChecks: 10, updatesOffered: 2 },
        { day: '2026-11-21', downloads: 1, installs: 1, updateChecks: 6, updatesOffered: 0 },
      ],
      versions: [
        { appVersion: '1.0', devices: [3, 1] },
        { appVersion: '2.0', devices: [1, 3] },
        { appVersion: null, devices: [0, 0] },
      ],
      countries: hasData ? [{ country: 'RU', downloads: 4, installs: 3 }, { country: 'ZZ', downloads: 1, installs: 1 }] : [],
      phased: [{ versionId: 'v2', versionName: '2.0', points: [{ day: '2026-11-20', target: null, adoption: 25 }, { day: '2026-11-21', target: 20, adoption: 75 }] }],
      hasData,
    }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

/** The rows of the table under a chart's caption: the numbers people read, not pixels. */
const chartRows = async (caption: string) => {
  const table = (await screen.findByText(caption)).closest('.ant-table-wrapper') as HTMLElement;
  return within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent))
    .filter((r) => r.length);
};

describe('App Analytics: distribution', () => {
  it('shows downloads, installs and update checks, version adoption as shares, a phased release against its target, and countries', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=distribution&from=2026-11-20&to=2026-11-21`);
    const kpis = await screen.findByTestId('distribution-kpis');
    for (const [title, value] of [['Downloads', '5'], ['Installs', '4'], ['Update checks', '16'], ['Updates offered', '2']] as const) {
      expect(within(within(kpis).getByText(title).closest('.ant-card') as HTMLElement).getByText(value)).toBeTruthy();
    }
    expect(callsTo(callEndpoint, analyticsApi.analyticsDistribution)[0]!.query).toMatchObject({ appId: APP_ID, from: '2026-11-20', to: '2026-11-21' });
    expect(await chartRows('Downloads from the store and installs the app reported, per day from 2026-11-20 to 2026-11-21')).toEqual([
      ['2026-11-20', '4', '3'],
      ['2026-11-21', '1', '1'],
    ]);
    expect(await chartRows("Share of each day's active devices per app version, from 2026-11-20 to 2026-11-21")).toEqual([
      ['2026-11-20', '75 %', '25 %', '0 %'],
      ['2026-11-21', '25 %', '75 %', '0 %'],
    ]);
    expect(screen.getByText('Phased release of 2.0')).toBeTruthy();
    expect(await chartRows('Share of devices offered 2.0 by its phase and share of active devices running it, per day from 2026-11-20 to 2026-11-21')).toEqual([
      ['2026-11-20', '—', '25 %'],
      ['2026-11-21', '20 %', '75 %'],
    ]);
    const countries = screen.getByTestId('distribution-countries');
    const rows = within(countries).getAllByRole('row').map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent)).filter((r) => r.length);
    expect(rows).toEqual([
      ['Russia', '4', '80 %', '3'],
      ['Unknown', '1', '20 %', '1'],
    ]);
  });

  it('says what to do when nothing has been counted, in Chinese', async () => {
    serve(false);
    renderApp('cn', `#/apps/${APP_ID}/analytics?tab=distribution`);
    expect((await screen.findByTestId('distribution-empty')).textContent).toContain('版本上架且设备向应用市场查询后');
  });
});
