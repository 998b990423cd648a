import type { WharfClient } from './client';
import { instanceIdIn } from './instance';
import type { KeyValueStore } from './storage';

/** The call this module makes (a server test checks it against the contract). */
export const APP_MESSAGING_FETCH = { method: 'POST', path: '/ams/v1/client/messages' } as const;
/** The App Analytics events it logs, each with `message_id` (the console's statistics count these). */
export const MESSAGE_EVENTS = { impression: 'ams_impression', click: 'ams_click', dismiss: 'ams_dismiss' } as const;

type Op = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains';
export type Trigger = { kind: 'launch' } | { kind: 'event'; event: string; conditions?: Array<{ key: string; op: Op; value: string }> };

/**
 * A message as the server sends it: what shows it, when, how often, and what it says in
 * this device's language. Defaults are left out: no picture, no end, every day, all day,
 * no cap, no conditions.
 */
export interface InAppMessage {
  messageId: string;
  kind: 'popup' | 'image' | 'banner';
  priority: number;
  content: { language: string; title: string; body: string; imageUrl?: string; buttons: Array<{ text: string; action: 'dismiss' | 'deepLink' | 'url'; target?: string }> };
  trigger: Trigger;
  schedule: { startAt: string; endAt?: string; timeZone: string; days?: number[]; hours?: { from: number; to: number } };
  caps: { perDay?: number; perCampaign?: number };
}

/** What logs the impressions, clicks and dismissals: `getAnalytics(wharf)` from `@wharf/analytics`, or anything with its `logEvent`. */
export interface MessageEventLog {
  logEvent(name: string, properties: Record<string, string | number | boolean>): void;
}

export interface AppMessagingOptions {
  store?: KeyValueStore;
  /** What the app knows of itself, sent at every fetch. */
  attributes?: () => { appVersion?: string; country?: string; language?: string } | Promise<{ appVersion?: string; country?: string; language?: string }>;
  events: MessageEventLog;
  now?: () => number;
  newInstanceId?: () => string;
}

interface Kept {
  etag: string | null;
  messages: InAppMessage[];
}
/** Times shown: in all, and per local day of the message's time zone. */
type Shown = Record<string, { total: number; days: Record<string, number> }>;

/** A date's weekday (0 Sunday), hour and day key in a time zone. */
function localParts(at: Date, timeZone: string): { weekday: number; hour: number; day: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return { weekday, hour: Number(parts.hour) % 24, day: `${parts.year}-${parts.month}-${parts.day}` };
}

function holds(c: { op: Op; value: string }, actual: unknown): boolean {
  if (actual === undefined || actual === null) return false;
  const text = String(actual);
  switch (c.op) {
    case 'eq':
      return text === c.value;
    case 'ne':
      return text !== c.value;
    case 'contains':
      return text.includes(c.value);
    default: {
      const [a, b] = [Number(actual), Number(c.value)];
      if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
      return c.op === 'gt' ? a > b : c.op === 'gte' ? a >= b : c.op === 'lt' ? a < b : a <= b;
    }
  }
}

/**
 * In-app messages on a device, as Firebase's and AppGallery Connect's SDKs behave: fetched
 * with the ETag, triggered here (the app's launch, or an event it logs, with property
 * conditions), within the message's dates, days and hours in its time zone, kept to its caps
 * per local day and in all, the highest priority first. An impression, click or dismissal is
 * logged to App Analytics, which the console's statistics count.
 */
export class AppMessaging {
  readonly ready: Promise<void>;
  #kept: Kept = { etag: null, messages: [] };
  #shown: Shown = {};
  #instanceId = '';
  readonly #keys: { kept: string; shown: string };
  readonly #now: () => number;

  constructor(
    private readonly client: WharfClient,
    private readonly options: AppMessagingOptions & { store: KeyValueStore },
  ) {
    const prefix = `wharf:${client.config.appId}:messaging`;
    this.#keys = { kept: `${prefix}:messages`, shown: `${prefix}:shown` };
    this.#now = options.now ?? Date.now;
    this.ready = this.#start();
  }

  async #start(): Promise<void> {
    this.#instanceId = await instanceIdIn(this.options.store, this.client.config.appId, this.options.newInstanceId);
    try {
      this.#kept = JSON.parse((await this.options.store.get(this.#keys.kept)) ?? 'null') ?? this.#kept;
      this.#shown = JSON.parse((await this.options.store.get(this.#keys.shown)) ?? 'null') ?? {};
    } catch {
      // A damaged store starts afresh: the next fetch fills it.
    }
  }

  /** Asks the server for the messages this instance may show (a 304 keeps the ones held). */
  async fetch(): Promise<number> {
    await this.ready;
    const attributes = (await this.options.attributes?.()) ?? {};
    const answer = await this.client.request({ method: APP_MESSAGING_FETCH.method, path: APP_MESSAGING_FETCH.path, query: { deviceId: this.#instanceId }, body: attributes, ifNoneMatch: this.#kept.etag, idempotent: true });
    if (answer.notModified !== true) {
      this.#kept = { etag: typeof answer.etag === 'string' ? answer.etag : null, messages: Array.isArray(answer.messages) ? (answer.messages as InAppMessage[]) : [] };
      await this.options.store.set(this.#keys.kept, JSON.stringify(this.#kept));
    }
    return this.#kept.messages.length;
  }

  /** The app started: the message to show for it, if any (its impression is logged). */
  launched(): Promise<InAppMessage | null> {
    return this.#pick((t) => t.kind === 'launch');
  }

  /** The app logged an event (log it to analytics as well): the message to show for it, if any. */
  eventLogged(name: string, properties: Record<string, string | number | boolean> = {}): Promise<InAppMessage | null> {
    return this.#pick((t) => t.kind === 'event' && t.event === name && (t.conditions ?? []).every((c) => holds(c, properties[c.key])));
  }

  /** A button or the message itself was tapped. */
  clicked(message: InAppMessage, button = 0): void {
    this.options.events.logEvent(MESSAGE_EVENTS.click, { message_id: message.messageId, button });
  }

  dismissed(message: InAppMessage): void {
    this.options.events.logEvent(MESSAGE_EVENTS.dismiss, { message_id: message.messageId });
  }

  async #pick(matches: (t: Trigger) => boolean): Promise<InAppMessage | null> {
    await this.ready;
    const now = new Date(this.#now());
    const candidates = this.#kept.messages.filter((m) => matches(m.trigger) && this.#inWindow(m, now) && this.#underCaps(m, now)).sort((a, b) => b.priority - a.priority);
    const chosen = candidates[0];
    if (!chosen) return null;
    const { day } = localParts(now, chosen.schedule.timeZone);
    const shown = (this.#shown[chosen.messageId] ??= { total: 0, days: {} });
    shown.total += 1;
    shown.days = { [day]: (shown.days[day] ?? 0) + 1 };
    await this.options.store.set(this.#keys.shown, JSON.stringify(this.#shown));
    this.options.events.logEvent(MESSAGE_EVENTS.impression, { message_id: chosen.messageId });
    return chosen;
  }

  #inWindow(m: InAppMessage, now: Date): boolean {
    const s = m.schedule;
    if (new Date(s.startAt) > now || (s.endAt !== undefined && new Date(s.endAt) <= now)) return false;
    const days = s.days ?? [];
    if (!days.length && !s.hours) return true;
    const local = localParts(now, s.timeZone);
    if (days.length && !days.includes(local.weekday)) return false;
    return !s.hours || (local.hour >= s.hours.from && local.hour < s.hours.to);
  }

  #underCaps(m: InAppMessage, now: Date): boolean {
    const shown = this.#shown[m.messageId];
    if (!shown) return true;
    if (m.caps.perCampaign !== undefined && shown.total >= m.caps.perCampaign) return false;
    return m.caps.perDay === undefined || (shown.days[localParts(now, m.schedule.timeZone).day] ?? 0) < m.caps.perDay;
  }
}

/** The app's in-app messages on its client: `getAppMessaging(wharf, { events: analytics, attributes })`. */
export function getAppMessaging(client: WharfClient, options: AppMessagingOptions): AppMessaging {
  return new AppMessaging(client, { ...options, store: options.store ?? client.store });
}
