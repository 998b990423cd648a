/**
 * In-app messages: their kinds, limits, and the state a message is in at a moment. What
 * a device decides (triggers, days and hours, caps) is `@wharf/client`'s in-app messaging.
 */

export const MESSAGE_KINDS = ['popup', 'image', 'banner'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const BUTTON_ACTIONS = ['dismiss', 'deepLink', 'url'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

export const TRIGGER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains'] as const;

export const MESSAGE_LIMITS = {
  perApp: 200,
  name: 64,
  title: 100,
  body: 500,
  buttonText: 30,
  /** A pop-up has up to two buttons; a banner and an image one action (their tap). */
  popupButtons: 2,
  contents: 30,
  conditions: 5,
  countries: 250,
  priorityMin: 1,
  priorityMax: 10,
  capMax: 100,
} as const;

/** The events the client logs to App Analytics about a message (with `message_id`). */
export const MESSAGE_EVENTS = { impression: 'ams_impression', click: 'ams_click', dismiss: 'ams_dismiss' } as const;

export const MESSAGE_STATUSES = ['draft', 'published', 'paused', 'ended'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATES = ['draft', 'scheduled', 'running', 'paused', 'ended'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export type MessageAction = 'publish' | 'pause' | 'resume' | 'end';

/**
 * The state people see: a published message is scheduled before its start, running until
 * its end, ended after; paused and ended by hand stay so.
 */
export function messageStateOf(status: MessageStatus, schedule: { startAt: string | Date; endAt: string | Date | null }, now: Date): MessageState {
  if (status !== 'published') return status;
  if (new Date(schedule.startAt) > now) return 'scheduled';
  if (schedule.endAt !== null && new Date(schedule.endAt) <= now) return 'ended';
  return 'running';
}

/** The status an action leads to from a state, or null when the action does not apply there. */
export function messageTransition(state: MessageState, action: MessageAction): MessageStatus | null {
  switch (action) {
    case 'publish':
      return state === 'draft' ? 'published' : null;
    case 'pause':
      return state === 'running' || state === 'scheduled' ? 'paused' : null;
    case 'resume':
      return state === 'paused' ? 'published' : null;
    case 'end':
      return state === 'draft' || state === 'ended' ? null : 'ended';
  }
}

/** Whether an IANA time zone name is one this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
