import { describe, expect, it } from 'vitest';
import { responseDueAt, slaStatus, supportRateable, supportWritable } from './support';

const AT = new Date('2026-12-01T08:00:00Z');
const hours = (h: number) => new Date(AT.getTime() + h * 3_600_000);

describe('support tickets', () => {
  it('gives the operators 4, 8 or 24 hours by priority', () => {
    expect(responseDueAt('urgent', AT)).toEqual(hours(4));
    expect(responseDueAt('high', AT)).toEqual(hours(8));
    expect(responseDueAt('normal', AT)).toEqual(hours(24));
  });

  it('counts a waiting ticket down: on track, at risk in the last quarter, then breached', () => {
    const t = { priority: 'normal' as const, responseDueAt: hours(24).toISOString() };
    expect(slaStatus(t, AT)).toEqual({ status: 'onTrack', msLeft: 24 * 3_600_000 });
    expect(slaStatus(t, hours(17.9)).status).toBe('onTrack');
    expect(slaStatus(t, hours(18)).status).toBe('atRisk');
    expect(slaStatus(t, hours(24)).status).toBe('breached');
    expect(slaStatus(t, hours(30))).toEqual({ status: 'breached', msLeft: -6 * 3_600_000 });
  });

  it('has no timer while the ticket waits for the team', () => {
    expect(slaStatus({ priority: 'urgent', responseDueAt: null }, AT)).toEqual({ status: 'none', msLeft: null });
  });

  it('takes words until closed, and one rating once resolved', () => {
    expect(supportWritable('resolved')).toBe(true);
    expect(supportWritable('closed')).toBe(false);
    expect(supportRateable({ state: 'open', rated: false })).toBe(false);
    expect(supportRateable({ state: 'resolved', rated: false })).toBe(true);
    expect(supportRateable({ state: 'closed', rated: false })).toBe(true);
    expect(supportRateable({ state: 'closed', rated: true })).toBe(false);
  });
});
