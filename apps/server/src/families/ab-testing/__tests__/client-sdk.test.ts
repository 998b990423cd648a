import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analytics } from '@wharf/analytics';
import { createClient, memoryStore, type WharfConfigFile } from '@wharf/client';
import { EXPOSURE_EVENT as SDK_EXPOSURE_EVENT, getRemoteConfig } from '@wharf/client/remote-config';
import { abTestingApi, appApi, EXPOSURE_EVENT, type ExperimentResults } from '@wharf/contract';
import { createTestApp, injectFetch, TestUser, type TestApp } from '../../../harness';
import { appOf, GREETING, publish } from '../../remote-config/__tests__/helpers';
import { experimentOf } from './helpers';

// The SDKs against the real server (in-process): Remote Configuration logs the exposure
// through App Analytics when it activates an experiment's values, and the results count it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const serverFetch = injectFetch(() => t);

describe('@wharf/client A/B experiments', () => {
  it('logs the event the results count', () => {
    expect(SDK_EXPOSURE_EVENT).toBe(EXPOSURE_EVENT);
  });

  it('exposes each device once when it activates its variant, and the results count its goals', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    const experiment = await experimentOf(u, appId);
    const file = JSON.stringify((await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile);
    const now = () => t.clock.now().getTime();
    const seen = [0, 0];
    for (let i = 0; i < 40; i++) {
      const wharf = createClient(file, { gateway: 'http://wharf.test/agc/edge', fetch: serverFetch, store: memoryStore(), now });
      const analytics = new Analytics(wharf, { now, flushIntervalMs: 0, context: () => ({ appVersion: '2.1', os: 'android', country: 'DE' }) });
      const config = getRemoteConfig(wharf, { exposures: analytics, attributes: () => ({ country: 'DE' }), now });
      expect(await config.fetchAndActivate()).toBe(true);
      const variant = config.experiments[0]!.variant;
      expect(config.getString('greeting')).toBe(variant === 1 ? 'Hey' : 'Hello');
      seen[variant]! += 1;
      // The friendlier greeting sells.
      if (variant === 1) analytics.logEvent('purchase', {}, 3);
      await analytics.flush();
      analytics.close();
    }
    const res = await u.call(abTestingApi.experimentResultsCall, { params: { experimentId: experiment.id }, query: { appId } });
    const results = res.json().results as ExperimentResults;
    expect(results.exposed).toEqual(seen);
    expect(results.metrics[0]!.variants.map((v) => v.total)).toEqual([0, seen[1]]);
    expect(results.metrics[0]!.leader).toBe(1);
  });
});
