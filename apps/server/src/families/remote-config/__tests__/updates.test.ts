import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, memoryStore, type WharfConfigFile } from '@wharf/client';
import { getRemoteConfig } from '@wharf/client/remote-config';
import { appApi, remoteConfigApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { readUntil } from '../../../harness/event-stream';
import { appOf, GREETING, publish } from './helpers';

// The live update stream over a real socket: an app hears of a published version at once.

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // Node's idle-connection close at shutdown leaves one keep-alive socket of this file's
  // fetch client open (production shutdown has its own deadline, SHUTDOWN_TIMEOUT_MS).
  t.app.server.closeAllConnections();
  await t.close();
});

describe('live updates', () => {
  it('announce the live version newer than the one the app holds at once, and each new one as it is published', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    await publish(u, appId, GREETING);
    const stream = await fetch(`${base}${remoteConfigApi.remoteConfigUpdates.fullPath}?after=0`, { headers });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('access-control-allow-origin')).toBe('*');
    const published = publish(u, appId, { conditions: [], parameters: [{ key: 'greeting', type: 'string', defaultValue: 'Live', conditionalValues: [] }] });
    const text = await readUntil(stream, (s) => s.includes('"version":2'));
    await published;
    expect(text).toContain('event: updated\ndata: {"version":1}\n\n');
    expect(text).toContain('event: updated\ndata: {"version":2}\n\n');
  });

  it('say nothing of the version the app already holds, and close after the timeout', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    await publish(u, appId, GREETING);
    const stream = await fetch(`${base}${remoteConfigApi.remoteConfigUpdates.fullPath}?after=1&timeoutSeconds=1`, { headers });
    expect(await stream.text()).toBe('retry: 5000\n\n');
  });

  it('refuse a stream without the app key', async () => {
    const res = await fetch(`${base}${remoteConfigApi.remoteConfigUpdates.fullPath}`);
    expect(res.status).toBe(401);
  });

  it('reach @wharf/client, whose listener fetches the new values', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile;
    const settings = getRemoteConfig(createClient(JSON.stringify(file), { gateway: `${base}/agc/edge`, store: memoryStore() }), { attributes: () => ({ country: 'DE' }) });
    await settings.fetchAndActivate();
    expect(settings.getString('greeting')).toBe('Hello');
    const heard = new Promise<number>((resolve) => {
      const stop = settings.onUpdate((version) => {
        stop();
        resolve(version);
      });
    });
    await new Promise((r) => setTimeout(r, 200));
    await publish(u, appId, { conditions: [], parameters: [{ key: 'greeting', type: 'string', defaultValue: 'Heard live', conditionalValues: [] }] });
    expect(await heard).toBe(2);
    await settings.fetch({ force: true });
    await settings.activate();
    expect(settings.getString('greeting')).toBe('Heard live');
  });
});
