import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { analyticsApi, type AnalyticsExport, type ReportTemplate } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { APP_ID, appShellHandlers } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The Reports tab with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const template: ReportTemplate = {
  templateId: '00000000-0000-4000-8000-0000000000a1',
  name: 'Weekly by country',
  definition: { dimension: 'country', metrics: ['activeUsers'], events: ['purchase'] },
  rangeDays: 7,
  format: 'xlsx',
  schedule: 'weekly',
  shared: true,
  ownerName: 'Ann',
  mine: false,
  nextRunAt: '2026-11-22T22:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const exported = (over: Partial<AnalyticsExport>): AnalyticsExport => ({
  exportId: '00000000-0000-4000-8000-0000000000e1',
  templateId: null,
  name: 'My report',
  definition: { dimension: 'day', metrics: ['newUsers'], events: [] },
  from: '2026-11-20',
  to: '2026-11-21',
  format: 'csv',
  state: 'running',
  progress: 40,
  rows: null,
  size: null,
  error: null,
  scheduled: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  finishedAt: null,
  expiresAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

function serve(exportsList: () => AnalyticsExport[]) {
  answerCalls(callEndpoint, {
    ...appShellHandlers(),
    [analyticsApi.getAnalyticsSettings.id]: () => ({ ret: OK, settings: { timeZone: 'Asia/Shanghai', retentionDays: 365 } }),
    [analyticsApi.analyticsEventList.id]: () => ({ ret: OK, events: [{ name: 'purchase', count: 2, valueSum: 9.98 }] }),
    [analyticsApi.listReportTemplates.id]: () => ({ ret: OK, templates: [template] }),
    [analyticsApi.createReportTemplate.id]: ({ body }) => ({ ret: OK, template: { ...template, ...(body as object), templateId: '00000000-0000-4000-8000-0000000000a2', mine: true, ownerName: 'Me' } }),
    [analyticsApi.listAnalyticsExports.id]: () => ({ ret: OK, exports: exportsList() }),
    [analyticsApi.createAnalyticsExport.id]: () => ({ ret: OK, export: exported({ state: 'queued', progress: 0 }) }),
    [analyticsApi.downloadAnalyticsExport.id]: () => ({ blob: new Blob(['Day,New users\r\n']), fileName: 'Daily numbers 2026-11-20_2026-11-21.csv' }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('App Analytics reports', () => {
  it('exports the report put together over the chosen days, and shows its progress until the file can be downloaded', async () => {
    let state: AnalyticsExport[] = [];
    serve(() => state);
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=reports&from=2026-11-20&to=2026-11-21`);
    expect(await screen.findByText('Nothing exported yet: choose a range and columns above, then Export.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Report name'), { target: { value: 'Daily numbers' } });
    state = [exported({ name: 'Daily numbers' })];
    fireEvent.click(screen.getByRole('button', { name: 'Export 2026-11-20 – 2026-11-21' }));
    await waitFor(() => expect(callsTo(callEndpoint, analyticsApi.createAnalyticsExport)).toHaveLength(1));
    expect(callsTo(callEndpoint, analyticsApi.createAnalyticsExport)[0]!.body).toEqual({
      name: 'Daily numbers',
      definition: { dimension: 'day', metrics: ['newUsers', 'activeUsers', 'sessions', 'events'], events: [] },
      from: '2026-11-20',
      to: '2026-11-21',
      format: 'csv',
    });
    expect(await screen.findByLabelText('Making Daily numbers')).toBeTruthy();
    state = [exported({ name: 'Daily numbers', state: 'done', progress: 100, rows: 2, size: 2048 })];
    const download = await screen.findByRole('button', { name: 'Download Daily numbers' }, { timeout: 3000 });
    expect(screen.getByText('Rows: 2 · 2.00 KB')).toBeTruthy();
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(download);
    await waitFor(() => expect(saved).toEqual(['Daily numbers 2026-11-20_2026-11-21.csv']));
    click.mockRestore();
    expect(callsTo(callEndpoint, analyticsApi.downloadAnalyticsExport)[0]).toMatchObject({ query: { appId: APP_ID, exportId: state[0]!.exportId }, asFile: true });
  });

  it('runs a shared template over its own days, and saves the report as a new template with a schedule', async () => {
    serve(() => []);
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=reports&from=2026-11-20&to=2026-11-21`);
    const list = await screen.findByTestId('report-templates');
    // The next run in the viewer's own time zone: 06:00 in Shanghai.
    expect(within(list).getByText(/^Weekly, next 2026-11-2[23] \d\d:00$/)).toBeTruthy();
    // Shared by someone else: the viewer, who manages the app, may change it too.
    expect(within(list).getByRole('button', { name: 'Edit' })).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Export Weekly by country' }));
    await waitFor(() => expect(callsTo(callEndpoint, analyticsApi.createAnalyticsExport)).toHaveLength(1));
    const body = callsTo(callEndpoint, analyticsApi.createAnalyticsExport)[0]!.body as { templateId: string; from: string; to: string };
    expect(body.templateId).toBe(template.templateId);
    expect(body.to < body.from).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Share with the team' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(callEndpoint, analyticsApi.createReportTemplate)).toHaveLength(1));
    expect(callsTo(callEndpoint, analyticsApi.createReportTemplate)[0]!.body).toEqual({
      name: 'My report',
      definition: { dimension: 'day', metrics: ['newUsers', 'activeUsers', 'sessions', 'events'], events: [] },
      format: 'csv',
      rangeDays: 7,
      schedule: 'off',
      shared: true,
    });
    expect(await screen.findByText('Template “My report” saved')).toBeTruthy();
    // The saved template is now what the builder edits.
    expect(await screen.findByText('Editing “My report”')).toBeTruthy();
  });
});
