import { z } from 'zod';
import { BUTTON_ACTIONS, isTimeZone, languageByKey, linkTargetProblem, MESSAGE_KINDS, MESSAGE_LIMITS as L, MESSAGE_STATES, TRIGGER_OPS } from '@wharf/rules';
import { refused } from '../../kit/field-errors';

/** Every console call names its app in the query, where the service checks it before the body. */
export const appQuery = z.object({ appId: z.uuid() });

const text = (max: number) => z.string().trim().max(max).regex(/^[^\p{Cc}]*$/u, 'no control characters');
const multiline = (max: number) => z.string().trim().max(max).regex(/^(?:[^\p{Cc}]|\n)*$/u, 'no control characters but new lines');
const languageKey = z.string().refine((k) => languageByKey(k) !== null, 'a store-listing language such as enUS or zhCN');
const linkUrl = z.string().trim().refine((u) => linkTargetProblem(u, []) === null, refused('linkTarget'));
const eventName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'an event name: a letter, then letters, digits or _, up to 40');

export const messageButton = z
  .object({
    text: text(L.buttonText).min(1),
    action: z.enum(BUTTON_ACTIONS),
    /** The deep link or address a button opens; none for dismiss. */
    target: linkUrl.nullable().default(null),
  })
  .refine((b) => (b.action === 'dismiss') === (b.target === null), refused('buttonTarget', ['target']));

export const messageContent = z.object({
  language: languageKey,
  title: text(L.title).default(''),
  body: multiline(L.body).default(''),
  /** An image uploaded with the file service (PNG, JPEG or WebP). */
  imageObjectId: z.uuid().nullable().default(null),
  buttons: z.array(messageButton).max(L.popupButtons).default([]),
});

export const messageTrigger = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('launch') }),
  z.object({
    kind: z.literal('event'),
    event: eventName,
    conditions: z.array(z.object({ key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), op: z.enum(TRIGGER_OPS), value: text(100) })).max(L.conditions).default([]),
  }),
]);

export const messageTargeting = z.object({
  /** Versions of the app, as `versionName` compares (2.0 ≤ 2.0.1 < 2.1). */
  minVersion: text(64).nullable().default(null),
  maxVersion: text(64).nullable().default(null),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166 alpha-2 in capitals')).max(L.countries).default([]),
  /** BCP 47 primary languages (en, zh, ru); empty: any. */
  languages: z.array(z.string().regex(/^[a-z]{2,3}$/, 'a primary language such as en')).max(50).default([]),
  audienceIds: z.array(z.uuid()).max(10).default([]),
  /** A slice of the app's instances by their ID: [from, to) of 0–100. */
  percentile: z
    .object({ from: z.number().min(0).max(100), to: z.number().min(0).max(100) })
    .refine((p) => p.to > p.from, refused('endAfterStart', ['to']))
    .nullable()
    .default(null),
});

export const messageSchedule = z
  .object({
    startAt: z.iso.datetime({ offset: true }),
    endAt: z.iso.datetime({ offset: true }).nullable().default(null),
    timeZone: z.string().refine(isTimeZone, 'a time zone such as Europe/Berlin').default('UTC'),
    /** Days of the week in the time zone (0 Sunday … 6 Saturday); empty: every day. */
    days: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    /** Hours of the day in the time zone, [from, to); none: all day. */
    hours: z
      .object({ from: z.number().int().min(0).max(23), to: z.number().int().min(1).max(24) })
      .refine((h) => h.to > h.from, refused('endAfterStart', ['to']))
      .nullable()
      .default(null),
  })
  .refine((s) => s.endAt === null || new Date(s.endAt) > new Date(s.startAt), refused('endAfterStart', ['endAt']));

export const messageCaps = z.object({
  /** Times a device shows it in a day (its local day). */
  perDay: z.number().int().min(1).max(L.capMax).nullable().default(1),
  /** Times a device shows it while it runs. */
  perCampaign: z.number().int().min(1).max(L.capMax).nullable().default(null),
});

export const messageInput = z
  .object({
    name: text(L.name).min(1),
    kind: z.enum(MESSAGE_KINDS),
    priority: z.number().int().min(L.priorityMin).max(L.priorityMax).default(5),
    defaultLanguage: languageKey,
    contents: z.array(messageContent).min(1).max(L.contents),
    trigger: messageTrigger,
    targeting: messageTargeting.default({ minVersion: null, maxVersion: null, countries: [], languages: [], audienceIds: [], percentile: null }),
    schedule: messageSchedule,
    caps: messageCaps.default({ perDay: 1, perCampaign: null }),
    /** The event counted as a conversion after an impression (the statistics' last column). */
    conversionEvent: eventName.nullable().default(null),
  })
  .refine((m) => m.contents.some((c) => c.language === m.defaultLanguage), refused('defaultLanguageContent', ['contents']))
  .refine((m) => new Set(m.contents.map((c) => c.language)).size === m.contents.length, refused('oneTextPerLanguage', ['contents']))
  .refine((m) => m.kind === 'popup' || m.contents.every((c) => c.buttons.length <= 1), refused('oneTapAction', ['contents']))
  .refine((m) => m.kind !== 'image' || m.contents.every((c) => c.imageObjectId !== null), refused('imageNeeded', ['contents']))
  .refine((m) => m.kind === 'image' || m.contents.every((c) => c.title.length > 0 || c.body.length > 0), refused('textNeeded', ['contents']));
export type MessageInput = z.input<typeof messageInput>;
export type MessageValue = z.output<typeof messageInput>;

export const messageOut = z.object({
  messageId: z.string(),
  appId: z.string(),
  state: z.enum(MESSAGE_STATES),
  ...z.object({
    name: z.string(),
    kind: z.enum(MESSAGE_KINDS),
    priority: z.number().int(),
    defaultLanguage: z.string(),
    contents: z.array(messageContent),
    trigger: messageTrigger,
    targeting: messageTargeting,
    schedule: z.object({ startAt: z.string(), endAt: z.string().nullable(), timeZone: z.string(), days: z.array(z.number().int()), hours: z.object({ from: z.number().int(), to: z.number().int() }).nullable() }),
    caps: messageCaps,
    conversionEvent: z.string().nullable(),
  }).shape,
  /** What happened to it, oldest first. */
  timeline: z.array(z.object({ action: z.enum(['create', 'update', 'publish', 'pause', 'resume', 'end']), at: z.string(), by: z.string().nullable() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageOut>;

export const messageStats = z.object({
  days: z.array(z.object({ day: z.string(), impressions: z.number().int(), clicks: z.number().int(), dismissals: z.number().int(), conversions: z.number().int() })),
  totals: z.object({ impressions: z.number().int(), clicks: z.number().int(), dismissals: z.number().int(), conversions: z.number().int() }),
});
export type MessageStats = z.infer<typeof messageStats>;

/**
 * A message as a device gets it: the content in its language, what shows it, when, how
 * often. What is left at its default is left out (no picture, no end, every day, all day,
 * no cap, no conditions): devices fetch it often.
 */
export const deviceMessage = z.object({
  messageId: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  priority: z.number().int(),
  content: z.object({ language: z.string(), title: z.string(), body: z.string(), imageUrl: z.string().optional(), buttons: z.array(z.object({ text: z.string(), action: z.enum(BUTTON_ACTIONS), target: z.string().optional() })) }),
  trigger: z.discriminatedUnion('kind', [z.object({ kind: z.literal('launch') }), z.object({ kind: z.literal('event'), event: z.string(), conditions: z.array(z.object({ key: z.string(), op: z.enum(TRIGGER_OPS), value: z.string() })).optional() })]),
  schedule: z.object({ startAt: z.string(), endAt: z.string().optional(), timeZone: z.string(), days: z.array(z.number().int()).optional(), hours: z.object({ from: z.number().int(), to: z.number().int() }).optional() }),
  caps: z.object({ perDay: z.number().int().optional(), perCampaign: z.number().int().optional() }),
});
export type DeviceMessage = z.infer<typeof deviceMessage>;
