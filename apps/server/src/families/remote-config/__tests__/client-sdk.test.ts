import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, memoryStore, type WharfConfigFile } from '@wharf/client';
import { getRemoteConfig, REMOTE_CONFIG_FETCH } from '@wharf/client/remote-config';
import { appApi, remoteConfigApi } from '@wharf/contract';
import { createTestApp, injectFetch, TestUser, type TestApp } from '../../../harness';
import { appOf, GREETING, publish } from './helpers';

// @wharf/client's Remote Configuration against the real server (in-process): the fetch it
// sends is the contract's, and a rollback reaches a device at its next fetch.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const serverFetch = injectFetch(() => t);

describe('@wharf/client remote configuration', () => {
  it('gets the values for Russia on 2.1 and the default in Germany; after a rollback, the old values at its next fetch', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    await publish(u, appId, { conditions: [], parameters: [{ key: 'greeting', type: 'string', defaultValue: 'Welcome', conditionalValues: [] }] });
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile;
    const now = () => t.clock.now().getTime();
    const device = (country: string) =>
      getRemoteConfig(createClient(JSON.stringify(file), { gateway: 'http://wharf.test/agc/edge', fetch: serverFetch, store: memoryStore(), now }), { attributes: () => ({ country, appVersion: '2.1' }), now });

    const russia = device('RU');
    const germany = device('DE');
    russia.setDefaults({ greeting: 'In-app hello' });
    expect(russia.getString('greeting')).toBe('In-app hello');
    expect(await russia.fetchAndActivate()).toBe(true);
    expect(await germany.fetchAndActivate()).toBe(true);
    expect([russia.getString('greeting'), germany.getString('greeting'), russia.version]).toEqual(['Welcome', 'Welcome', 2]);

    await u.call(remoteConfigApi.rollBackRemoteConfig, { params: { number: 1 }, query: { appId }, body: {} });
    // A newer version is fetched at once, inside the interval the server would otherwise keep.
    expect(await russia.fetch({ force: true })).toEqual({ status: 'fetched', version: 3 });
    await russia.activate();
    await germany.fetch({ force: true });
    await germany.activate();
    expect([russia.getString('greeting'), germany.getString('greeting'), germany.getNumber('max_items')]).toEqual(['Привет', 'Hi', 10]);

    // Unchanged since: the next fetch after the interval is a 304, and the values stay.
    t.clock.advance(61_000);
    expect(await russia.fetch()).toEqual({ status: 'unchanged', version: 3 });
    expect(russia.getString('greeting')).toBe('Привет');
  });

  it('sends the fetch where the contract says', () => {
    expect([REMOTE_CONFIG_FETCH.method, `/agc/edge${REMOTE_CONFIG_FETCH.path}`]).toEqual([remoteConfigApi.fetchRemoteConfig.method, remoteConfigApi.fetchRemoteConfig.fullPath]);
  });
});
