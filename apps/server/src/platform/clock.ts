/** Time comes from here, never from `new Date()` in services, so tests can drive it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told: for tests and the test-only clock route. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | number = Date.now()) {
    this.#ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(to: Date | number): void {
    this.#ms = typeof to === 'number' ? to : to.getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}

/**
 * The system clock plus an offset: what a test-mode server runs on, so browser tests can
 * move time forward while it still flows.
 */
export class OffsetClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
  set(to: Date | number): void {
    this.#offsetMs = (typeof to === 'number' ? to : to.getTime()) - Date.now();
  }
  get offsetMs(): number {
    return this.#offsetMs;
  }
}
