import { describe, expect, it } from 'vitest';
import { isTimeZone, messageStateOf, messageTransition } from './app-messaging';

const at = (iso: string) => new Date(iso);
const schedule = { startAt: '2026-06-01T00:00:00Z', endAt: '2026-06-30T00:00:00Z' };

describe('in-app message states', () => {
  it('reads a published message as scheduled, running or ended by its schedule', () => {
    expect(messageStateOf('published', schedule, at('2026-05-31T23:59:59Z'))).toBe('scheduled');
    expect(messageStateOf('published', schedule, at('2026-06-01T00:00:00Z'))).toBe('running');
    expect(messageStateOf('published', schedule, at('2026-06-30T00:00:00Z'))).toBe('ended');
    expect(messageStateOf('published', { ...schedule, endAt: null }, at('2030-01-01T00:00:00Z'))).toBe('running');
    expect(messageStateOf('paused', schedule, at('2026-06-10T00:00:00Z'))).toBe('paused');
    expect(messageStateOf('draft', schedule, at('2026-06-10T00:00:00Z'))).toBe('draft');
  });

  it('allows each action only from the states it belongs to', () => {
    expect(messageTransition('draft', 'publish')).toBe('published');
    expect(messageTransition('running', 'publish')).toBeNull();
    expect(messageTransition('running', 'pause')).toBe('paused');
    expect(messageTransition('scheduled', 'pause')).toBe('paused');
    expect(messageTransition('draft', 'pause')).toBeNull();
    expect(messageTransition('paused', 'resume')).toBe('published');
    expect(messageTransition('running', 'resume')).toBeNull();
    expect(messageTransition('paused', 'end')).toBe('ended');
    expect(messageTransition('ended', 'end')).toBeNull();
    expect(messageTransition('draft', 'end')).toBeNull();
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
