import { describe, expect, it } from 'vitest';
import { routeVersion, trafficShare } from './functions';

describe('traffic shares', () => {
  it('are the same for the same request id and spread evenly over 0..99', () => {
    expect(trafficShare('req-1')).toBe(trafficShare('req-1'));
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i += 1) counts[Math.floor(trafficShare(`request-${i}`) / 10)] += 1;
    for (const n of counts) expect(n).toBeGreaterThan(850);
    for (const n of counts) expect(n).toBeLessThan(1150);
  });

  it('send the ids below the weight to the additional version, and none without one', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `id-${i}`);
    const alias = { version: 1, additionalVersion: 2, additionalWeight: 10 };
    const second = ids.filter((id) => routeVersion(alias, id) === 2);
    expect(second).toEqual(ids.filter((id) => trafficShare(id) < 10));
    expect(second.length).toBeGreaterThan(60);
    expect(second.length).toBeLessThan(140);
    expect(ids.every((id) => routeVersion({ ...alias, additionalWeight: 0 }, id) === 1)).toBe(true);
    expect(ids.every((id) => routeVersion({ ...alias, additionalWeight: 100 }, id) === 2)).toBe(true);
    expect(ids.every((id) => routeVersion({ version: 3, additionalVersion: null, additionalWeight: 50 }, id) === 3)).toBe(true);
  });
});
