import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '@wharf/contract';
import { BehaviourReporter, buildEvent, reportTarget, reportsEnabled, siteReportZone, type ReportContext, type ReportTarget } from './behaviour';

const ZONES: ClientConfig['zones'] = [
  { zone: 'china', siteId: 1, gatewayUrl: '', reportUrl: 'https://ha-cn.example.com/' },
  { zone: 'singapore', siteId: 5, gatewayUrl: '', reportUrl: 'https://ha-sg.example.com' },
  { zone: 'europe', siteId: 7, gatewayUrl: '', reportUrl: 'https://ha-eu.example.com' },
  { zone: 'russia', siteId: 8, gatewayUrl: '', reportUrl: 'https://ha-ru.example.com' },
  { zone: 'iran', siteId: 3, gatewayUrl: '', reportUrl: '' },
];

const CONTEXT: ReportContext = {
  language: 'ru',
  deviceId: 'did-1',
  productId: 'p1',
  appId: 'a1',
  childType: 2,
  userType: 1,
  countryId: 'RU',
  teamId: 't1',
  sourceChannel: 'newsletter',
  referrer: 'https://search.example.com/',
  grey: true,
  url: 'http://console/ru/#/team/users',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the payload', () => {
  it('carries the fields of the specification', () => {
    const event = buildEvent('PageView', CONTEXT, new Date('2026-03-05T10:00:00Z'), { pageId: 'users' });
    expect(event).toEqual({
      tagType: 'PageView',
      serviceItem: 4,
      language: 'ru',
      domain: 'AGC',
      DID: 'did-1',
      productID: 'p1',
      appID: 'a1',
      userType: 1,
      countryID: 'RU',
      teamID: 't1',
      childType: 2,
      sourceChannel: 'newsletter',
      urlRef: 'https://search.example.com/',
      greyFlag: true,
      url: 'http://console/ru/#/team/users',
      pageId: 'users',
      at: '2026-03-05T10:00:00.000Z',
    });
  });

  it('leaves out what the session does not know', () => {
    const bare: ReportContext = { ...CONTEXT, productId: null, appId: null, childType: null, userType: null, countryId: null, teamId: null, sourceChannel: null, referrer: '', grey: false };
    const event = buildEvent('Click', bare, new Date(0), { clickId: 'invite' });
    expect(Object.keys(event).sort()).toEqual(['DID', 'at', 'clickId', 'domain', 'greyFlag', 'language', 'serviceItem', 'tagType', 'url']);
  });
});

describe('switches', () => {
  const on = { switches: { AGC_enableHA: true } as ClientConfig['switches'] };
  it('are on with AGC_enableHA', () => {
    expect(reportsEnabled({ config: on, ignoreHa: null, closeHa: null })).toBe(true);
  });
  it('are off when agc_ignoreHa is 1, closeHa is Y or AGC_enableHA is off', () => {
    expect(reportsEnabled({ config: on, ignoreHa: '1', closeHa: null })).toBe(false);
    expect(reportsEnabled({ config: on, ignoreHa: '0', closeHa: 'Y' })).toBe(false);
    expect(reportsEnabled({ config: { switches: { AGC_enableHA: false } as ClientConfig['switches'] }, ignoreHa: null, closeHa: null })).toBe(false);
    expect(reportsEnabled({ config: null, ignoreHa: null, closeHa: null })).toBe(false);
  });
});

describe('report URL', () => {
  const config = (haReportUrl: string | null = null) => ({ zones: ZONES, haReportUrl });
  it("is the analytics SDK's URL when configured", () => {
    expect(reportTarget({ config: config('https://sdk.example.com/collect'), teamId: 't', teamSiteId: '7', path: '/' })).toEqual({ kind: 'url', url: 'https://sdk.example.com/collect' });
  });
  it("is the team zone's report URL plus /webv1 when there is a team", () => {
    expect(reportTarget({ config: config(), teamId: 't', teamSiteId: '7', path: '/ru/' })).toEqual({ kind: 'url', url: 'https://ha-eu.example.com/webv1' });
    expect(reportTarget({ config: config(), teamId: 't', teamSiteId: null, path: '/ru/' })).toEqual({ kind: 'url', url: 'https://ha-cn.example.com/webv1' });
  });
  it("is the site region's report URL plus /webv1 without a team", () => {
    expect(reportTarget({ config: config(), teamId: null, teamSiteId: '7', path: '/ru/' })).toEqual({ kind: 'url', url: 'https://ha-ru.example.com/webv1' });
    expect(reportTarget({ config: config(), teamId: null, teamSiteId: null, path: '/consumer/en/service/josp/agc/index.html' })).toEqual({ kind: 'url', url: 'https://ha-eu.example.com/webv1' });
    expect(reportTarget({ config: config(), teamId: null, teamSiteId: null, path: '/' })).toEqual({ kind: 'url', url: 'https://ha-cn.example.com/webv1' });
  });
  it("is the server's own collector when the zone has no report URL", () => {
    expect(reportTarget({ config: config(), teamId: 't', teamSiteId: '3', path: '/' })).toEqual({ kind: 'collector' });
    expect(reportTarget({ config: null, teamId: null, teamSiteId: null, path: '/' })).toEqual({ kind: 'collector' });
  });
  it('maps sites to reporting regions', () => {
    expect(siteReportZone('/en/')).toBe('europe');
    expect(siteReportZone('/ru/')).toBe('russia');
    expect(siteReportZone('/')).toBe('china');
    expect(siteReportZone('/consumer/ru/service/josp/agc/')).toBe('russia');
  });
});

describe('batching', () => {
  function reporter(enabled: () => boolean | null, batchSize = 3) {
    const sent: Array<{ target: ReportTarget; tags: string[]; leaving: boolean }> = [];
    const r = new BehaviourReporter({
      enabled,
      target: () => ({ kind: 'collector' }),
      context: () => CONTEXT,
      send: async (target, events, leaving) => {
        sent.push({ target, tags: events.map((e) => `${e.tagType}:${e.pageId ?? e.clickId ?? ''}`), leaving });
      },
      batchSize,
      flushMs: 1000,
    });
    return { r, sent };
  }

  it('sends a batch when it is full, and the rest after a pause', async () => {
    vi.useFakeTimers();
    const { r, sent } = reporter(() => true);
    r.pageView('a');
    r.click('b');
    expect(sent).toEqual([]);
    r.externalJump();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ target: { kind: 'collector' }, tags: ['PageView:a', 'Click:b', 'ExternalChannel-Jump:'], leaving: false }]);
    r.pageView('c');
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[1]?.tags).toEqual(['PageView:c']);
  });

  it('records nothing when switched off, and drops what waited for a configuration that says off', async () => {
    vi.useFakeTimers();
    let state: boolean | null = false;
    const { r, sent } = reporter(() => state);
    r.pageView('a');
    expect(r.pending).toBe(0);
    state = null; // configuration not known yet: keep
    r.pageView('b');
    await vi.advanceTimersByTimeAsync(1000);
    expect(r.pending).toBe(1);
    state = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(r.pending).toBe(0);
    expect(sent).toEqual([]);
  });

  it('sends what is left when the page closes', async () => {
    const { r, sent } = reporter(() => true, 10);
    r.pageView('a');
    await r.flush(true);
    expect(sent).toEqual([{ target: { kind: 'collector' }, tags: ['PageView:a'], leaving: true }]);
  });
});
