import { afterEach, describe, expect, it, vi } from 'vitest';
import { forwardClientError, installErrorForwarding, type ClientErrorReport } from './error-report';

const REPORT: ClientErrorReport = { kind: 'request', message: 'Network Error', endpointId: 'team.teamList', status: null, code: null, url: 'http://page/', at: '2026-01-01T00:00:00.000Z' };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('error forwarding', () => {
  it('does nothing without an error-reporting URL', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    forwardClientError(null, REPORT);
    expect(error).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
  });

  it('logs to the console and forwards by beacon', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const beacon = vi.fn((_url: string, _body: Blob) => true);
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    forwardClientError('https://errors.example.com/collect', REPORT);
    expect(error).toHaveBeenCalledWith('[wharf]', 'request', 'Network Error', REPORT);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]?.[0]).toBe('https://errors.example.com/collect');
    expect(JSON.parse(await beacon.mock.calls[0]![1].text())).toEqual(REPORT);
  });

  it('falls back to fetch when there is no beacon (or it is refused)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    forwardClientError('https://errors.example.com/collect', REPORT);
    expect(fetch).toHaveBeenCalledWith('https://errors.example.com/collect', expect.objectContaining({ method: 'POST', keepalive: true, body: JSON.stringify(REPORT) }));
  });

  it('forwards uncaught errors of the page, but not failed calls (already reported)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    const uninstall = installErrorForwarding(() => 'https://errors.example.com/collect');
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    const apiError = Object.assign(new Error('x'), { name: 'ApiError' });
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = apiError;
    window.dispatchEvent(rejection);
    const other = new Event('unhandledrejection') as Event & { reason?: unknown };
    other.reason = new Error('lost promise');
    window.dispatchEvent(other);
    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after' }));
    expect(beacon).toHaveBeenCalledTimes(2);
  });
});
