/**
 * Support tickets a team opens with the platform's operators: the states a ticket moves
 * through, and the service-level targets the operators' queue is timed by. The server
 * sets the due times; the console counts them down with the same rule.
 */
export const SUPPORT_STATES = ['open', 'pending', 'resolved', 'closed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

export const SUPPORT_CATEGORIES = ['account', 'billing', 'review', 'distribution', 'technical', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_PRIORITIES = ['normal', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

/** Hours the operators have to answer a ticket waiting for them, first answer and later ones alike. */
export const SUPPORT_RESPONSE_HOURS: Readonly<Record<SupportPriority, number>> = { urgent: 4, high: 8, normal: 24 };

/** A ticket left resolved this long without a word from the team closes by itself. */
export const SUPPORT_AUTO_CLOSE_DAYS = 7;

/** Under this share of its time left, a ticket's timer warns. */
const AT_RISK_SHARE = 0.25;

const HOUR_MS = 3_600_000;

/** When the operators must answer a ticket that started waiting for them at `since`. */
export function responseDueAt(priority: SupportPriority, since: Date): Date {
  return new Date(since.getTime() + SUPPORT_RESPONSE_HOURS[priority] * HOUR_MS);
}

export type SlaStatus = 'none' | 'onTrack' | 'atRisk' | 'breached';

/**
 * How a ticket stands against its target: `none` when it does not wait for the operators
 * (no due time), `breached` once the due time has passed, `atRisk` in the last quarter.
 */
export function slaStatus(t: { priority: SupportPriority; responseDueAt: string | Date | null }, now: Date): { status: SlaStatus; msLeft: number | null } {
  if (!t.responseDueAt) return { status: 'none', msLeft: null };
  const msLeft = new Date(t.responseDueAt).getTime() - now.getTime();
  if (msLeft <= 0) return { status: 'breached', msLeft };
  return { status: msLeft <= SUPPORT_RESPONSE_HOURS[t.priority] * HOUR_MS * AT_RISK_SHARE ? 'atRisk' : 'onTrack', msLeft };
}

/** Who may still write in a ticket: anyone until it is closed (a resolved one opens again). */
export const supportWritable = (state: SupportState): boolean => state !== 'closed';

/** Whether the team may rate the help it got: once, when the ticket is resolved or closed. */
export const supportRateable = (t: { state: SupportState; rated: boolean }): boolean => !t.rated && (t.state === 'resolved' || t.state === 'closed');
