import type { Message } from '@wharf/contract';
import { messageStateOf } from '@wharf/rules';
import type { ChangeRow, MessageRow } from './repo';

export const messageOut = (r: MessageRow, changes: readonly ChangeRow[], now: Date): Message => ({
  messageId: r.id,
  appId: r.appId,
  state: messageStateOf(r.status, { startAt: r.startAt, endAt: r.endAt }, now),
  name: r.name,
  kind: r.kind,
  priority: r.priority,
  defaultLanguage: r.defaultLanguage,
  contents: r.body.contents,
  trigger: r.body.trigger,
  targeting: r.body.targeting,
  schedule: { startAt: r.startAt.toISOString(), endAt: r.endAt?.toISOString() ?? null, timeZone: r.body.timeZone, days: r.body.days, hours: r.body.hours },
  caps: r.body.caps,
  conversionEvent: r.body.conversionEvent,
  timeline: changes.filter((c) => c.messageId === r.id).map((c) => ({ action: c.action, at: c.at.toISOString(), by: c.actorId })),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
