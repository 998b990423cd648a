import { describe, expect, it } from 'vitest';
import { createClient } from '../client';
import { memoryStore } from '../storage';
import { getRemoteConfig } from '../remote-config';
import { configFile, fakeFetch, type Reply } from './fake-fetch';

const answer = (version: number, values: Record<string, string>, etag = `"v${version}"`, interval = 60) => ({
  body: { version, values, types: Object.fromEntries(Object.keys(values).map((k) => [k, 'string'])), minimumFetchIntervalSeconds: interval },
  headers: { etag },
});

function setup(replies: Array<Reply | ((seen: { headers: Record<string, string> }) => Reply)>, store = memoryStore()) {
  let t = 1_000_000;
  const { fetch, seen } = fakeFetch((call, i) => {
    const r = replies[i];
    if (!r) throw new Error(`no reply for call ${i}`);
    return typeof r === 'function' ? r(call) : r;
  });
  const make = () => {
    const wharf = createClient(configFile, { fetch, store, now: () => t, sleep: async () => undefined });
    return getRemoteConfig(wharf, { attributes: () => ({ country: 'RU', appVersion: '2.1' }), newInstanceId: () => 'instance-0001', now: () => t });
  };
  return { make, seen, advance: (ms: number) => (t += ms), store };
}

describe('Remote Configuration on a device', () => {
  it('answers defaults until fetched values are activated, then the remote ones', async () => {
    const { make, seen } = setup([answer(1, { greeting: 'Привет', limit: '20' })]);
    const rc = make();
    rc.setDefaults({ greeting: 'Hello', limit: 10, dark: false });
    expect([rc.getString('greeting'), rc.getNumber('limit'), rc.getBoolean('dark'), rc.getSource('greeting')]).toEqual(['Hello', 10, false, 'default']);
    expect(await rc.fetch()).toEqual({ status: 'fetched', version: 1 });
    expect(rc.getString('greeting')).toBe('Hello');
    expect(await rc.activate()).toBe(true);
    expect([rc.getString('greeting'), rc.getNumber('limit'), rc.getSource('greeting'), rc.getSource('nothing'), rc.version]).toEqual(['Привет', 20, 'remote', 'static', 1]);
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'https://wharf.test/agc/edge/rcs/v1/client/fetch?deviceId=instance-0001', body: { country: 'RU', appVersion: '2.1' } });
  });

  it('waits out the interval itself, then revalidates with the ETag and keeps its values on a 304', async () => {
    const { make, seen, advance } = setup([answer(1, { greeting: 'Hi' }), { status: 304, body: '' } as Reply]);
    const rc = make();
    await rc.fetchAndActivate();
    expect(await rc.fetch()).toEqual({ status: 'throttled', version: 1 });
    expect(seen).toHaveLength(1);
    advance(61_000);
    expect(await rc.fetch()).toEqual({ status: 'unchanged', version: 1 });
    expect(seen[1]!.headers['if-none-match']).toBe('"v1"');
    expect(rc.getString('greeting')).toBe('Hi');
  });

  it('takes a 429 as throttled without trying again', async () => {
    const { make, seen } = setup([{ status: 429, body: { ret: { code: 100429, msg: 'too often' } }, headers: { 'retry-after': '40' } }]);
    const rc = make();
    expect(await rc.fetch()).toEqual({ status: 'throttled', version: 0 });
    expect(seen).toHaveLength(1);
  });

  it('activates values fetched in an earlier run at the next start, and keeps its instance ID', async () => {
    const store = memoryStore();
    const first = setup([answer(2, { greeting: 'Fetched last run' })], store);
    const rc = first.make();
    await rc.fetch();
    expect(rc.getString('greeting')).toBe('');
    const next = setup([], store).make();
    await next.ready;
    expect([next.getString('greeting'), next.version, next.instanceId]).toEqual(['Fetched last run', 2, 'instance-0001']);
  });

  it('logs an exposure when values from a new experiment become active, once per experiment and variant', async () => {
    const logged: Array<[string, Record<string, unknown>]> = [];
    const exposures = { logEvent: (name: string, properties: Record<string, string | number | boolean>) => void logged.push([name, properties]) };
    const withExperiment = (version: number, experiments: Array<{ id: string; variant: number }>): Reply => ({ body: { ...answer(version, { greeting: 'Hey' }).body, experiments }, headers: { etag: `"e${version}${experiments.length}"` } });
    const store = memoryStore();
    const { fetch } = fakeFetch((_, i) => [withExperiment(1, [{ id: 'exp-1', variant: 1 }]), withExperiment(1, [{ id: 'exp-1', variant: 1 }]), withExperiment(1, [])][i]!);
    let now = 1_000_000;
    const wharf = createClient(configFile, { fetch, store, now: () => now, sleep: async () => undefined });
    const rc = getRemoteConfig(wharf, { exposures, newInstanceId: () => 'instance-0001', now: () => now });
    await rc.fetch();
    expect(logged).toEqual([]);
    await rc.activate();
    expect(logged).toEqual([['ab_exposure', { experiment: 'exp-1', variant: 1 }]]);
    expect(rc.experiments).toEqual([{ id: 'exp-1', variant: 1 }]);
    // The same experiment again is not a new exposure; its end leaves none.
    now += 61_000;
    await rc.fetchAndActivate();
    now += 61_000;
    await rc.fetchAndActivate();
    expect(logged).toHaveLength(1);
    expect(rc.experiments).toEqual([]);
  });
});
