import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi, remoteConfigApi, type RemoteTemplate } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { event, fold, send } from '../../analytics/__tests__/helpers';
import { appOf, deviceFetch, publish } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An offer for the app's buyers (an App Analytics audience), and another for everyone else. */
const offers = (audienceId: string): RemoteTemplate => ({
  conditions: [
    { name: 'Buyers', rules: [{ field: 'audience', op: 'in', values: [audienceId] }] },
    { name: 'Not buyers', rules: [{ field: 'audience', op: 'notIn', values: [audienceId] }] },
  ],
  parameters: [{ key: 'offer', type: 'string', defaultValue: 'none', conditionalValues: [{ condition: 'Buyers', value: 'loyalty' }, { condition: 'Not buyers', value: 'first_purchase' }] }],
});

describe('remote configuration for App Analytics audiences', () => {
  it('gives a device the value of the audiences its instance is in, as analytics worked them out', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    // The same instance ID in analytics and remote configuration, as the SDKs share it.
    const buyer = `device-buyer-${process.pid}`;
    const browser = `device-browser-${process.pid}`;
    expect((await send(t, headers, buyer, { events: [event(t, 'purchase', { value: 4.99 })] })).statusCode).toBe(200);
    expect((await send(t, headers, browser, { events: [event(t, 'screen_view')] })).statusCode).toBe(200);
    await fold(t);
    const created = await u.call(analyticsApi.createAudience, { query: { appId }, body: { name: 'Buyers', conditions: [{ kind: 'event', event: 'purchase', atLeast: 1, withinDays: 7 }] } });
    expect(created.statusCode, created.body).toBe(200);
    const audienceId = created.json().audience.audienceId as string;
    expect(created.json().audience.size).toBe(1);

    await publish(u, appId, offers(audienceId));
    expect((await deviceFetch(t, headers, buyer)).json().values).toEqual({ offer: 'loyalty' });
    expect((await deviceFetch(t, headers, browser)).json().values).toEqual({ offer: 'first_purchase' });

    // The console's preview says the same, and why.
    const preview = await u.call(remoteConfigApi.previewRemoteConfig, { query: { appId }, body: { source: 'published', deviceId: buyer, attributes: {} } });
    expect(preview.json()).toMatchObject({ holding: ['Buyers'], values: [{ key: 'offer', value: 'loyalty', condition: 'Buyers' }] });
  });

  it('refuses a condition naming an audience the app does not have, in the caller\u2019s language', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    const { revision } = (await u.call(remoteConfigApi.getRemoteConfig, { query: { appId } })).json().draft;
    const res = await u.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: offers('00000000-0000-4000-8000-000000000001'), revision }, headers: { 'x-lang': 'ru' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().ret.msg).toContain('Условие «Buyers» ссылается на аудиторию, которой у приложения нет');
  });
});
