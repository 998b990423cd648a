import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportApi, type ClientConfig } from '@wharf/contract';
import { RequestClient } from '../request/client';
import { clearSessionCookies, setSessionCookies, TEAM_ID } from '../test/session';
import { setSessionValue } from '../session/store';
import { clueDeps, createPageReporter, deviceId, installClickReports, pageContext, sourceChannelOf } from './page';

const CONFIG = {
  switches: { AGC_enableHA: true },
  zones: [{ zone: 'china', siteId: 1, gatewayUrl: '', reportUrl: '' }],
  haReportUrl: null,
} as unknown as ClientConfig;

afterEach(() => {
  vi.restoreAllMocks();
  clearSessionCookies();
  sessionStorage.clear();
  localStorage.clear();
  window.location.hash = '';
});

describe('page reports', () => {
  it('keep one device id per browser', () => {
    const id = deviceId();
    expect(id).toMatch(/[0-9a-f-]{36}/);
    expect(deviceId()).toBe(id);
  });

  it('find the external channel in the query or the hash query', () => {
    expect(sourceChannelOf({ search: '?sourceChannel=mail', hash: '' })).toBe('mail');
    expect(sourceChannelOf({ search: '', hash: '#/home?sourceChannel=ads' })).toBe('ads');
    expect(sourceChannelOf({ search: '', hash: '#/home' })).toBeNull();
  });

  it('describe the signed-in session', () => {
    setSessionCookies();
    document.cookie = 'x-hd-grey=1; path=/';
    setSessionValue('agc_team_countryCode', 'CN');
    setSessionValue('agc_team_userType', 2);
    setSessionValue('appInfo', { appID: 'app-9', childType: 1 });
    const context = pageContext();
    expect(context).toMatchObject({ teamId: TEAM_ID, countryId: 'CN', userType: 2, appId: 'app-9', childType: 1, grey: true, language: 'cn' });
  });

  it("go to the server's collector when no report URL is configured, silently", async () => {
    const client = new RequestClient({ config: CONFIG });
    const request = vi.spyOn(client, 'request').mockResolvedValue({ ret: { code: 0, msg: '' }, accepted: 1 });
    const reporter = createPageReporter(client);
    reporter.pageView('users');
    await reporter.flush();
    expect(request).toHaveBeenCalledWith(reportApi.reportBehaviour, {
      body: { events: [expect.objectContaining({ tagType: 'PageView', pageId: 'users', serviceItem: 4, domain: 'AGC' })] },
      silent: true,
    });
  });

  it('are skipped when agc_ignoreHa is 1 or closeHa is Y', async () => {
    const client = new RequestClient({ config: CONFIG });
    const request = vi.spyOn(client, 'request').mockResolvedValue({});
    const reporter = createPageReporter(client);
    setSessionValue('agc_ignoreHa', '1');
    reporter.pageView('a');
    localStorage.clear();
    localStorage.setItem('closeHa', 'Y');
    reporter.pageView('b');
    await reporter.flush();
    expect(request).not.toHaveBeenCalled();
  });

  it('report clicks on marked elements', async () => {
    const client = new RequestClient({ config: CONFIG });
    const request = vi.spyOn(client, 'request').mockResolvedValue({});
    const reporter = createPageReporter(client);
    const uninstall = installClickReports(reporter);
    document.body.innerHTML = '<button data-report-click="invite"><span>Invite</span></button><button>plain</button>';
    document.querySelector('span')!.click();
    document.querySelectorAll('button')[1]!.click();
    uninstall();
    await reporter.flush();
    expect(request.mock.calls[0]?.[1]).toMatchObject({ body: { events: [expect.objectContaining({ tagType: 'Click', clickId: 'invite' })] } });
    expect((request.mock.calls[0]?.[1] as { body: { events: unknown[] } }).body.events).toHaveLength(1);
  });

  it('send clues through the team or the anonymous call', async () => {
    const client = new RequestClient({ config: CONFIG });
    const request = vi.spyOn(client, 'request').mockResolvedValue({});
    await clueDeps(client).send('anonymous', { dataType: 'agc_service_browsing', detail: { serviceId: 's' } });
    expect(request).toHaveBeenCalledWith(reportApi.reportClueBehaviourAnonymous, {
      body: { dataType: 'agc_service_browsing', detail: { serviceId: 's' }, DID: deviceId() },
      silent: true,
    });
    await clueDeps(client).send('team', { dataType: 'agc_service_browsing', detail: { serviceId: 's' } });
    expect(request).toHaveBeenLastCalledWith(reportApi.reportClueBehaviour, { body: { dataType: 'agc_service_browsing', detail: { serviceId: 's' } }, silent: true });
  });
});
