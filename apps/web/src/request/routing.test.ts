import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '@wharf/contract';
import { baseUrlForCall, callKindOf, zoneForCall, type RoutingInputs } from './routing';

const ZONES: ClientConfig['zones'] = [
  { zone: 'china', siteId: 1, gatewayUrl: 'https://cn.example.com', reportUrl: '' },
  { zone: 'singapore', siteId: 5, gatewayUrl: 'https://sg.example.com/', reportUrl: '' },
  { zone: 'europe', siteId: 7, gatewayUrl: 'https://eu.example.com', reportUrl: '' },
  { zone: 'russia', siteId: 8, gatewayUrl: 'https://ru.example.com', reportUrl: '' },
  { zone: 'iran', siteId: 3, gatewayUrl: '', reportUrl: '' },
];

function config(osSwitch = false): Pick<ClientConfig, 'zones' | 'switches'> {
  return { zones: ZONES, switches: { osSwitch } as ClientConfig['switches'] };
}

const at = (inputs: Partial<RoutingInputs>) => baseUrlForCall({ kind: 'normal', config: config(), teamSiteId: null, ...inputs });

describe('call kinds', () => {
  it('tells configuration and group-check calls and gateway calls from the rest', () => {
    expect(callKindOf('/agc/edge/console/v1/config')).toBe('zoneConfig');
    expect(callKindOf('/agc/edge/amis/version-manage/v1/test-user/group/check')).toBe('zoneConfig');
    expect(callKindOf('/agc/edge/josp/hms/gwService')).toBe('gateway');
    expect(callKindOf('/agc/edge/user-permission-service/v1/team/list')).toBe('normal');
    expect(callKindOf('/agc/edge/x/v1/config/list')).toBe('normal');
  });
});

describe('zone of a call', () => {
  it("goes to the zone of the team's site id; unknown or missing is China", () => {
    expect(zoneForCall({ kind: 'normal', config: config(), teamSiteId: '7' })).toBe('europe');
    expect(zoneForCall({ kind: 'normal', config: config(), teamSiteId: 8 })).toBe('russia');
    expect(zoneForCall({ kind: 'normal', config: config(), teamSiteId: '42' })).toBe('china');
    expect(zoneForCall({ kind: 'normal', config: config(), teamSiteId: null })).toBe('china');
  });

  it('sends configuration and group checks home unless the overseas switch sends them to the team zone', () => {
    expect(zoneForCall({ kind: 'zoneConfig', config: config(false), teamSiteId: '8' })).toBe('china');
    expect(zoneForCall({ kind: 'zoneConfig', config: config(true), teamSiteId: '8' })).toBe('russia');
    expect(zoneForCall({ kind: 'zoneConfig', config: null, teamSiteId: '8' })).toBe('china');
  });

  it('lets gateway calls follow the China-only API names, the product, then the user type', () => {
    const gateway = (over: Partial<RoutingInputs>) => zoneForCall({ kind: 'gateway', config: config(), teamSiteId: '7', ...over });
    expect(gateway({ apiName: 'merchant.query', productZone: 'russia' })).toBe('china');
    expect(gateway({ apiName: 'whitelist.check' })).toBe('china');
    expect(gateway({ apiName: 'app.query', productZone: 'russia' })).toBe('russia');
    // No product: a company team uses the team's zone, a personal developer their home site's.
    expect(gateway({ apiName: 'app.query', userType: 2, userSiteId: '5' })).toBe('europe');
    expect(gateway({ apiName: 'app.query', userType: 1, userSiteId: '5' })).toBe('singapore');
    expect(gateway({ apiName: 'app.query', userType: 1, userSiteId: null })).toBe('europe');
  });
});

describe('base URL of a call', () => {
  it("is the zone's gateway URL without a trailing slash", () => {
    expect(at({ teamSiteId: '7' })).toBe('https://eu.example.com');
    expect(at({ teamSiteId: '5' })).toBe('https://sg.example.com');
    expect(at({})).toBe('https://cn.example.com');
  });

  it('is this origin in development, without configuration, or for a zone without a gateway URL', () => {
    expect(at({ teamSiteId: '7', dev: true })).toBe('');
    expect(at({ teamSiteId: '7', config: null })).toBe('');
    expect(at({ teamSiteId: '3' })).toBe('');
  });
});
