import type { Message, MessageInput } from '@wharf/contract';
import { deviceDraft } from '../../../ui/device-draft';

type Content = MessageInput['contents'][number];
type Condition = { key: string; op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains'; value: string };

/** The editor's values: the contract's message laid flat for the form (texts as typed, times as ISO strings). */
export interface MessageFormValues {
  name: string;
  kind: MessageInput['kind'];
  priority: number;
  defaultLanguage: string;
  contents: Array<Required<Pick<Content, 'language'>> & { title: string; body: string; imageObjectId: string | null; buttons: Array<{ text: string; action: 'dismiss' | 'deepLink' | 'url'; target: string | null }> }>;
  triggerKind: 'launch' | 'event';
  event: string;
  conditions: Condition[];
  minVersion: string;
  maxVersion: string;
  countries: string[];
  languages: string[];
  audienceIds: string[];
  percentile: [number, number] | null;
  startAt: string;
  endAt: string | null;
  timeZone: string;
  days: number[];
  hours: [number, number] | null;
  perDay: number | null;
  perCampaign: number | null;
  conversionEvent: string;
}

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

export function formOf(m: Message | null, language: string, now: Date): MessageFormValues {
  const trigger = m?.trigger;
  const t = m?.targeting;
  return {
    name: m?.name ?? '',
    kind: m?.kind ?? 'popup',
    priority: m?.priority ?? 5,
    defaultLanguage: m?.defaultLanguage ?? language,
    contents: m?.contents.map((c) => ({ language: c.language, title: c.title, body: c.body, imageObjectId: c.imageObjectId, buttons: c.buttons.map((b) => ({ text: b.text, action: b.action, target: b.target })) })) ?? [{ language, title: '', body: '', imageObjectId: null, buttons: [{ text: '', action: 'dismiss', target: null }] }],
    triggerKind: trigger?.kind ?? 'launch',
    event: trigger?.kind === 'event' ? trigger.event : '',
    conditions: trigger?.kind === 'event' ? trigger.conditions : [],
    minVersion: t?.minVersion ?? '',
    maxVersion: t?.maxVersion ?? '',
    countries: t?.countries ?? [],
    languages: t?.languages ?? [],
    audienceIds: t?.audienceIds ?? [],
    percentile: t?.percentile ? [t.percentile.from, t.percentile.to] : null,
    startAt: m?.schedule.startAt ?? now.toISOString(),
    endAt: m?.schedule.endAt ?? null,
    timeZone: m?.schedule.timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'),
    days: m?.schedule.days ?? [],
    hours: m?.schedule.hours ? [m.schedule.hours.from, m.schedule.hours.to] : null,
    perDay: m ? m.caps.perDay : 1,
    perCampaign: m?.caps.perCampaign ?? null,
    conversionEvent: m?.conversionEvent ?? '',
  };
}

/** What the contract takes from the editor's values. */
export function inputOf(v: MessageFormValues): MessageInput {
  return {
    name: v.name.trim(),
    kind: v.kind,
    priority: v.priority,
    defaultLanguage: v.defaultLanguage,
    contents: v.contents.map((c) => ({
      language: c.language,
      title: c.title ?? '',
      body: c.body ?? '',
      imageObjectId: c.imageObjectId ?? null,
      buttons: (c.buttons ?? []).filter((b) => b.text?.trim()).map((b) => ({ text: b.text.trim(), action: b.action, target: b.action === 'dismiss' ? null : text(b.target) })),
    })),
    trigger: v.triggerKind === 'launch' ? { kind: 'launch' } : { kind: 'event', event: v.event.trim(), conditions: (v.conditions ?? []).filter((c) => c.key) },
    targeting: {
      minVersion: text(v.minVersion),
      maxVersion: text(v.maxVersion),
      countries: v.countries ?? [],
      languages: v.languages ?? [],
      audienceIds: v.audienceIds ?? [],
      percentile: v.percentile ? { from: v.percentile[0], to: v.percentile[1] } : null,
    },
    schedule: { startAt: v.startAt, endAt: v.endAt, timeZone: v.timeZone, days: v.days ?? [], hours: v.hours ? { from: v.hours[0], to: v.hours[1] } : null },
    caps: { perDay: v.perDay ?? null, perCampaign: v.perCampaign ?? null },
    conversionEvent: text(v.conversionEvent),
  };
}

/** A new message's values as typed, kept on this device until it is saved. */
export const newMessageDrafts = deviceDraft<MessageFormValues>('newMessage', (v) => (v && typeof v === 'object' && Array.isArray((v as MessageFormValues).contents) ? (v as MessageFormValues) : null));
