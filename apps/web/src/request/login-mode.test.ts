import { describe, expect, it } from 'vitest';
import { CONFIG } from '../test/fixtures';
import { usesNewLoginMode } from './client';

const withSwitches = (console: boolean, h5: boolean) => ({ ...CONFIG, switches: { ...CONFIG.switches, useAgcLoginSwitch: console, h5UseAgcLoginSwitch: h5 } });

describe('new login mode', () => {
  it('follows useAgcLoginSwitch in the console and h5UseAgcLoginSwitch in embedded app mode', () => {
    expect(usesNewLoginMode(withSwitches(true, false), '#/apps/1/info')).toBe(true);
    expect(usesNewLoginMode(withSwitches(true, false), '#/app/info?appId=1')).toBe(false);
    expect(usesNewLoginMode(withSwitches(false, true), '#/app/info?appId=1')).toBe(true);
    expect(usesNewLoginMode(withSwitches(false, true), '#/')).toBe(false);
  });

  it('is off while the configuration is unknown', () => {
    expect(usesNewLoginMode(null, '#/')).toBe(false);
  });
});
