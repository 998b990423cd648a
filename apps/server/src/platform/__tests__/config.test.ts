import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('configuration', () => {
  it('defaults to the embedded database under ./data on port 8080', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.database).toEqual({ kind: 'pglite', dir: path.resolve('./data/db') });
    expect(c.csrfHeaderName).toBe('X-CSRF-Token');
    expect(c.testClock).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d', DATABASE_POOL_SIZE: '7' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/d', poolSize: 7 });
  });

  it('honours PORT and DATA_DIR', () => {
    const c = loadConfig({ PORT: '9090', DATA_DIR: '/tmp/wharf-x' });
    expect(c.port).toBe(9090);
    expect(c.storageDir).toBe('/tmp/wharf-x/files');
  });

  it('names every bad setting in one readable error', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('LOG_LEVEL');
    }
  });

  it('refuses the test clock in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WHARF_TEST_CLOCK: '1' })).toThrow(/production/);
    expect(loadConfig({ NODE_ENV: 'test', WHARF_TEST_CLOCK: '1' }).testClock).toBe(true);
  });

  it('reads zone gateways and feature switches as JSON', () => {
    const c = loadConfig({ ZONE_GATEWAYS: '{"europe":"https://eu.example"}', FEATURE_SWITCHES: '{"osSwitch":true}' });
    expect(c.zoneGateways).toEqual({ europe: 'https://eu.example' });
    expect(c.featureSwitches).toEqual({ osSwitch: true });
    expect(() => loadConfig({ ZONE_GATEWAYS: 'nope' })).toThrow(/ZONE_GATEWAYS/);
    expect(() => loadConfig({ FEATURE_SWITCHES: '{"osSwitch":"yes"}' })).toThrow(/FEATURE_SWITCHES/);
  });
});
