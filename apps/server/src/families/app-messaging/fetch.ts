import { hash } from 'node:crypto';
import { appMessagingApi, buildPath, fileApi, type DeviceMessage } from '@wharf/contract';
import { compareParsedVersions, languageByKey, languageByTag, parseVersion, type ParsedVersion } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import { prepareFromItems, type PreparedAnswer } from '../../platform/http/register';
import { KeptReads } from '../../platform/kept-reads';
import { percentileOf } from '../../platform/percentile';
import { audienceMembership } from '../analytics/public';
import { urlSignerOf } from '../files/public';
import { messagesRepo as repo, type MessageRow } from './repo';

const WEEK_MS = 7 * 86_400_000;
const AUDIENCES_TTL_MS = 60_000;

export interface DeviceFacts {
  deviceId: string;
  appVersion?: string | undefined;
  country?: string | undefined;
  language?: string | undefined;
}

interface Live {
  rows: MessageRow[];
  /** What the messages are (ids and last changes), hashed: part of every answer's tag, so a change makes new tags and nothing else does. */
  stamp: string;
  /** Each version's targeting made into numbers once. */
  versions: Map<string, { min: ParsedVersion | null; max: ParsedVersion | null }>;
  /** Whether any message targets audiences: only then is the instance's membership read. */
  audiences: boolean;
  /** Each message in a language as a device gets it, serialised once (by week, origin, id and language). */
  items: Map<string, Promise<string>>;
}


/** The content a device reads: its language's, else one in its primary language, else the default. */
function contentFor(row: MessageRow, language: string | undefined) {
  const contents = row.body.contents;
  const tag = languageByTag(language ?? '');
  const primary = (language ?? '').slice(0, 2).toLowerCase();
  return (
    (tag && contents.find((c) => c.language === tag.key)) ??
    contents.find((c) => (languageByKey(c.language)?.tag ?? '').slice(0, 2).toLowerCase() === primary && primary) ??
    contents.find((c) => c.language === row.defaultLanguage) ??
    contents[0]!
  );
}

/**
 * What devices fetch: the app's published messages kept per instance (2 s, or until a change
 * made here), filtered by each device's version, country, language, audiences and share,
 * and the answers prepared once per set of holding messages and languages (ETag, 304).
 * Images are signed file-service links stable for a week, so unchanged answers keep their tag.
 */
export class MessageFetch {
  readonly #live: KeptReads<Live>;
  readonly #audiences = new Map<string, { at: number; ids: ReadonlySet<string> }>();

  constructor(private readonly deps: Deps) {
    this.#live = new KeptReads(deps);
  }

  forget(appId: string): void {
    this.#live.forget(appId);
  }

  private live(appId: string): Promise<Live> {
    return this.#live.get(appId, async () => {
      const rows = await repo.live(this.deps.db, appId, this.deps.clock.now());
      const versions = new Map(rows.map((r) => [r.id, { min: r.body.targeting.minVersion ? parseVersion(r.body.targeting.minVersion) : null, max: r.body.targeting.maxVersion ? parseVersion(r.body.targeting.maxVersion) : null }]));
      const stamp = hash('sha256', rows.map((r) => `${r.id}@${r.updatedAt.getTime()}`).join(','), 'base64url');
      return { rows, stamp, versions, audiences: rows.some((r) => r.body.targeting.audienceIds.length > 0), items: new Map() };
    });
  }

  private async audiencesOf(appId: string, instanceId: string): Promise<ReadonlySet<string>> {
    const key = `${appId}|${instanceId}`;
    const now = this.deps.clock.now().getTime();
    const kept = this.#audiences.get(key);
    if (kept && now - kept.at < AUDIENCES_TTL_MS) return kept.ids;
    const ids = new Set((await audienceMembership.ofInstance(this.deps.db, appId, instanceId)).map((a) => a.audienceId));
    if (this.#audiences.size > 100_000) this.#audiences.clear();
    this.#audiences.set(key, { at: now, ids });
    return ids;
  }

  async fetch(appId: string, origin: string, d: DeviceFacts): Promise<PreparedAnswer> {
    const live = await this.live(appId);
    const audiences = live.audiences ? await this.audiencesOf(appId, d.deviceId) : null;
    const primary = (d.language ?? '').slice(0, 2).toLowerCase();
    const version = d.appVersion ? parseVersion(d.appVersion) : null;
    const picked: Array<{ row: MessageRow; content: ReturnType<typeof contentFor> }> = [];
    for (const row of live.rows) {
      const t = row.body.targeting;
      const range = live.versions.get(row.id)!;
      if (range.min && (!version || compareParsedVersions(version, range.min) < 0)) continue;
      if (range.max && (!version || compareParsedVersions(version, range.max) > 0)) continue;
      if (t.countries.length && (!d.country || !t.countries.includes(d.country))) continue;
      if (t.languages.length && !t.languages.includes(primary)) continue;
      if (t.audienceIds.length && !t.audienceIds.some((id) => audiences?.has(id))) continue;
      if (t.percentile) {
        const p = percentileOf(row.id, d.deviceId);
        if (p <= t.percentile.from || p > t.percentile.to) continue;
      }
      picked.push({ row, content: contentFor(row, d.language) });
    }
    // Signed image links change once a week: the week is part of what an item is kept by.
    const week = Math.floor(this.deps.clock.now().getTime() / WEEK_MS);
    const keys = picked.map((p) => `${p.row.id}:${p.content.language}`);
    const items = await Promise.all(
      picked.map((p, i) => {
        const key = `${week}|${origin}|${keys[i]}`;
        let item = live.items.get(key);
        if (!item) {
          item = this.deviceMessage(p.row, p.content, origin, week).then((m) => JSON.stringify(appMessagingApi.deviceMessage.parse(m)));
          live.items.set(key, item);
        }
        return item;
      }),
    );
    return prepareFromItems(appMessagingApi.fetchMessages, 'messages', items, `${live.stamp}|${week}|${origin}|${keys.join(',')}`);
  }

  private async deviceMessage(row: MessageRow, content: ReturnType<typeof contentFor>, origin: string, week: number): Promise<DeviceMessage> {
    let imageUrl: string | null = null;
    if (content.imageObjectId) {
      const expires = (week + 2) * WEEK_MS;
      const sig = await urlSignerOf(this.deps).sign(content.imageObjectId, expires);
      imageUrl = `${origin}${buildPath(fileApi.downloadObject, { objectId: content.imageObjectId })}?expires=${expires}&sig=${sig}`;
    }
    const { trigger, caps } = row.body;
    return {
      messageId: row.id,
      kind: row.kind,
      priority: row.priority,
      content: {
        language: content.language,
        title: content.title,
        body: content.body,
        ...(imageUrl ? { imageUrl } : {}),
        buttons: content.buttons.map((b) => ({ text: b.text, action: b.action, ...(b.target ? { target: b.target } : {}) })),
      },
      trigger: trigger.kind === 'event' && trigger.conditions.length ? trigger : trigger.kind === 'event' ? { kind: 'event', event: trigger.event } : trigger,
      schedule: {
        startAt: row.startAt.toISOString(),
        ...(row.endAt ? { endAt: row.endAt.toISOString() } : {}),
        timeZone: row.body.timeZone,
        ...(row.body.days.length ? { days: row.body.days } : {}),
        ...(row.body.hours ? { hours: row.body.hours } : {}),
      },
      caps: { ...(caps.perDay !== null ? { perDay: caps.perDay } : {}), ...(caps.perCampaign !== null ? { perCampaign: caps.perCampaign } : {}) },
    };
  }
}
