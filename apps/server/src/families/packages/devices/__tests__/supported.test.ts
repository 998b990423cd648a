import { describe, expect, it } from 'vitest';
import { DEVICE_CATALOGUE } from '../catalogue';
import { requirementsOf, supportedDevices } from '../supported';

const models = (r: ReturnType<typeof supportedDevices>) => r.items.map((d) => d.model);

describe('device fit', () => {
  it('keeps the catalogue well-formed: unique models, a level for every system a model runs', () => {
    expect(new Set(DEVICE_CATALOGUE.map((d) => d.model)).size).toBe(DEVICE_CATALOGUE.length);
    for (const d of DEVICE_CATALOGUE) expect(d.androidApi !== null || d.harmonyApi !== null || d.quickAppPlatform !== null).toBe(true);
  });

  it('sends watch and TV APKs to watches and screens only', () => {
    const watch = supportedDevices({ kind: 'apk', minSdk: 21, extra: { requiredFeatures: ['android.hardware.type.watch'] } });
    expect(watch.requirements.deviceTypes).toEqual(['wearable']);
    expect(models(watch)).toEqual([]); // the catalogue's watch runs no APKs
    expect(models(supportedDevices({ kind: 'apk', minSdk: 21, extra: { requiredFeatures: ['android.software.leanback'] } }))).toEqual(['HD65KAN9A']);
  });

  it('keeps phone-only APKs off tablets by supports-screens', () => {
    const r = supportedDevices({ kind: 'apk', minSdk: 29, extra: { supportsScreens: { large: false, xlarge: false } } });
    expect(r.requirements.deviceTypes).toEqual(['phone']);
    expect(r.items.every((d) => d.deviceType === 'phone')).toBe(true);
    expect(r.items.length).toBeGreaterThan(0);
  });

  it('honours maxSdk and ignores features the catalogue does not record', () => {
    const r = supportedDevices({ kind: 'apk', minSdk: 26, extra: { maxSdk: 28, requiredFeatures: ['android.hardware.screen.portrait'] } });
    expect(models(r)).toEqual(['BKL-AL00', 'FIG-AL00']);
  });

  it('reads HarmonyOS device types from an APP pack and maps default to phone', () => {
    const r = requirementsOf({ kind: 'app', minSdk: 50000012, extra: { apiLevel: { min: 12 }, modules: [{ deviceTypes: ['default'] }, { deviceTypes: ['wearable'] }] } });
    expect(r).toMatchObject({ system: 'harmony', minApi: 12, deviceTypes: ['phone', 'wearable'] });
    expect(models(supportedDevices({ kind: 'wpk', minSdk: null, extra: {} }))).toEqual(['ARC-AL00']);
  });

  it('fits quick apps by platform version and declared device types', () => {
    expect(models(supportedDevices({ kind: 'rpk', minSdk: 1200, extra: { deviceTypeList: ['tablet'] } }))).toEqual(['PCE-W30']);
    expect(supportedDevices({ kind: 'exe', minSdk: null, extra: {} })).toMatchObject({ items: [], requirements: { system: null, note: expect.stringContaining('PCs') } });
  });
});
