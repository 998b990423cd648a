import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Caller } from '../../http/access';
import { addressRange, counted } from '../http';

const req = (query: Record<string, string> = {}, headers: Record<string, string> = {}) => ({ ip: '203.0.113.7', query, headers }) as unknown as FastifyRequest;
const appClient: Caller = { ...ANONYMOUS, kind: 'app-client', appId: 'app-of-the-key', projectId: 'p', teamId: 't' };

describe('who a limited call counts as', () => {
  it('per app: the app of the key for app-client calls (wherever they come from), else the app the query names, else the address', () => {
    expect(counted('app', req(), appClient)).toBe('app-of-the-key');
    expect(counted('app', req({ appId: 'other' }), appClient)).toBe('app-of-the-key');
    expect(counted('app', req({ packageName: 'com.example.notes' }), ANONYMOUS)).toBe('com.example.notes');
    expect(counted('app', req(), ANONYMOUS)).toBe('ip:203.0.113.7');
  });

  it('per device, per caller and per address', () => {
    expect(counted('device', req({}, { 'x-device-id': 'd-1' }), ANONYMOUS)).toBe('d-1');
    expect(counted('caller', req(), { ...ANONYMOUS, userId: 'u-1' })).toBe('u-1');
    expect(counted('ip', req(), appClient)).toBe('203.0.113.7');
  });
});

describe('the address a limit counts', () => {
  it('is an IPv4 address itself, an IPv6 one its /64 (any address a host picks in it counts the same), a mapped one as IPv4', () => {
    expect(addressRange('203.0.113.7')).toBe('203.0.113.7');
    expect(addressRange('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressRange('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(addressRange('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(counted('ip', { ip: '2001:db8:1:2::99', query: {}, headers: {} } as unknown as FastifyRequest, ANONYMOUS)).toBe('2001:db8:1:2::/64');
  });
});
