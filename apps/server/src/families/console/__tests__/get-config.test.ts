import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleApi } from '@wharf/contract';
import { createTestApp, type TestApp } from '../../../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ZONE_GATEWAYS: '{"europe":"https://eu.api.example","russia":"https://ru.api.example"}',
      FEATURE_SWITCHES: '{"osSwitch2":true,"AGC_enableHA":false}',
      CSRF_HEADER_NAME: 'X-Wharf-CSRF',
    },
  });
});
afterAll(() => t.close());

describe('GET /agc/edge/console/v1/config', () => {
  it('answers anonymously with the contract shape', async () => {
    const res = await t.app.inject({ url: consoleApi.getConfig.fullPath });
    expect(res.statusCode).toBe(200);
    const parsed = consoleApi.getConfig.response.parse(res.json());
    expect(parsed.ret.code).toBe(0);
  });

  it('lists the five zones with their site ids and configured gateways', async () => {
    const body = (await t.app.inject({ url: consoleApi.getConfig.fullPath })).json();
    expect(body.zones.map((z: { zone: string; siteId: number }) => [z.zone, z.siteId]).sort()).toEqual([
      ['china', 1],
      ['europe', 7],
      ['iran', 3],
      ['russia', 8],
      ['singapore', 5],
    ]);
    expect(body.zones.find((z: { zone: string }) => z.zone === 'europe').gatewayUrl).toBe('https://eu.api.example');
    expect(body.zones.find((z: { zone: string }) => z.zone === 'china').gatewayUrl).toBe('');
    expect(body.defaultZone).toBe('china');
  });

  it('serves the configured switches over the defaults and the CSRF header name', async () => {
    const body = (await t.app.inject({ url: consoleApi.getConfig.fullPath })).json();
    expect(body.switches.osSwitch2).toBe(true);
    expect(body.switches.AGC_enableHA).toBe(false);
    expect(body.switches.useAgcLoginSwitch).toBe(true);
    expect(body.csrfHeaderName).toBe('X-Wharf-CSRF');
  });
});
