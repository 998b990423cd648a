import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { AT, FN_ID, functionPageHandlers, OK, PROJECT_ID } from './fixtures';

const line = (id: string, level: 'info' | 'error', message: string, requestId: string) => ({ id, at: AT, level, message, requestId, version: '$latest' });

function serve() {
  answerCalls(callEndpoint, {
    ...functionPageHandlers(),
    [api.searchLogs.id]: (o) => {
      const q = o.query as { text?: string; requestId?: string };
      if (q.text === 'nothing') return { ret: OK, items: [], nextCursor: null };
      if (q.requestId === 'req-2') return { ret: OK, items: [line('2', 'error', 'payment declined for C30', 'req-2')], nextCursor: null };
      return { ret: OK, items: [line('2', 'error', 'payment declined for C30', 'req-2'), line('1', 'info', 'order A17 received', 'req-1')], nextCursor: null };
    },
    [api.functionMetrics.id]: () => ({
      ret: OK,
      bucketSeconds: 900,
      points: [{ at: AT, invocations: 4, errors: 1, throttles: 0, coldStarts: 1, p50: 12, p95: 40, p99: 41 }],
      totals: { invocations: 4, errors: 1, throttles: 0, coldStarts: 1, p50: 12, p95: 40, p99: 41 },
    }),
    [api.listAlarms.id]: () => ({ ret: OK, alarms: [{ alarmId: '00000000-0000-4000-8000-000000000401', name: 'payments failing', metric: 'errorRate', threshold: 20, windowMinutes: 5, enabled: true, state: 'alarm', lastValue: 25, evaluatedAt: AT, changedAt: AT, ownerEmail: 'ada@example.com' }] }),
    [api.createAlarm.id]: (o) => ({ ret: OK, alarm: { ...(o.body as object), alarmId: '00000000-0000-4000-8000-000000000402', enabled: true, state: 'ok', lastValue: null, evaluatedAt: null, changedAt: null, ownerEmail: 'ada@example.com' } }),
    [api.listInvocations.id]: () => ({ ret: OK, items: [{ id: 'i1', requestId: 'req-2', startedAt: AT, version: '$latest', alias: null, trigger: 'http', outcome: 'error', durationMs: 41, coldStart: false, error: 'payment declined for C30' }], nextCursor: null }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('a function’s logs and metrics', () => {
  it('searches the logs by words and narrows to one request, the search kept in the address', async () => {
    serve();
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=logs`);
    expect(await screen.findByText('order A17 received')).toBeTruthy();
    const words = screen.getByPlaceholderText(/Words in the line/);
    fireEvent.change(words, { target: { value: 'nothing' } });
    fireEvent.keyDown(words, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText(/No line matches this search/)).toBeTruthy();
    expect(callsTo(callEndpoint, api.searchLogs).at(-1)).toMatchObject({ query: { projectId: PROJECT_ID, functionId: FN_ID, text: 'nothing' } });
    expect(window.location.hash).toContain('q=nothing');
    fireEvent.click(document.querySelector('.ant-input-search .ant-input-clear-icon')!);
    await waitFor(() => expect(window.location.hash).not.toContain('q=nothing'));
    fireEvent.click(await screen.findByText('req-2'));
    await waitFor(() => expect(screen.queryByText('order A17 received')).toBeNull());
    expect(callsTo(callEndpoint, api.searchLogs).at(-1)).toMatchObject({ query: { requestId: 'req-2' } });
    expect(window.location.hash).toContain('request=req-2');
  });

  it('shows calls, error rate and durations, and the latest calls with how they ended', async () => {
    serve();
    renderApp('ru', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=metrics`);
    expect(await screen.findByText('Доля ошибок')).toBeTruthy();
    expect(screen.getAllByText('25 %').length).toBeGreaterThan(0);
    expect(await screen.findByText('Ошибка', { selector: '.ant-tag' })).toBeTruthy();
    expect(callsTo(callEndpoint, api.functionMetrics).at(-1)).toMatchObject({ query: { range: '24h' } });
    // Its alarm, firing, in Russian.
    expect(await screen.findByText('Сработала')).toBeTruthy();
    expect(screen.getByText('Доля ошибок выше 20 % за 5 мин')).toBeTruthy();
  });

  it('add an alarm on the duration, with its unit', async () => {
    serve();
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=metrics`);
    fireEvent.click((await screen.findByText('Add alarm')).closest('button')!);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'slow' } });
    fireEvent.mouseDown(screen.getByLabelText('Metric'));
    fireEvent.click(await screen.findByText('Duration p95', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(screen.getByLabelText('Threshold'), { target: { value: '800' } });
    fireEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.createAlarm)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.createAlarm)[0]).toMatchObject({ body: { name: 'slow', metric: 'p95', threshold: 800, windowMinutes: 5, enabled: true } });
  });
});
