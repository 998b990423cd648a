import { describe, expect, it } from 'vitest';
import type { Deps } from '../deps';
import { perDeps } from '../per-deps';

describe('perDeps', () => {
  it('builds a service once per running server, on first use, and another for another server', () => {
    let built = 0;
    const counterOf = perDeps(() => ({ n: (built += 1) }));
    const one = {} as Deps;
    const two = {} as Deps;
    expect(built).toBe(0);
    const first = counterOf(one);
    expect(counterOf(one)).toBe(first);
    expect(built).toBe(1);
    expect(counterOf(two)).not.toBe(first);
    expect(built).toBe(2);
  });
});
