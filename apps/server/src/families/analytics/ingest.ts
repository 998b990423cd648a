import { ANALYTICS_LIMITS, analyticsApi, type AnalyticsContext, type RejectReason } from '@wharf/contract';
import type { MessageLanguage } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { rateKey } from '../../platform/rate-limit';
import { dayIn } from './days';
import { analyticsRepo, type EventRow } from './repo';
import type { AnalyticsSettingsStore } from './settings';
import { storeBatch } from './ingest-sql';
import { deviceOf } from './summary';

const REASONS: Record<RejectReason, Record<MessageLanguage, string>> = {
  invalid: { zh: '事件格式不正确', en: 'The event is not well formed', ru: 'Событие составлено неверно' },
  tooOld: { zh: `事件发生在 ${ANALYTICS_LIMITS.maxAgeHours} 小时之前，不再接收`, en: `The event is older than ${ANALYTICS_LIMITS.maxAgeHours} hours and is no longer accepted`, ru: `Событие старше ${ANALYTICS_LIMITS.maxAgeHours} часов и больше не принимается` },
  future: { zh: '事件时间晚于当前时间（设备时钟有误）', en: "The event's time is in the future (the device clock is wrong)", ru: 'Время события в будущем (часы устройства неверны)' },
};

/** An event's own fields; any other field it carries is kept as a property. */
const OWN_FIELDS = new Set(['id', 'name', 'at', 'value', 'properties']);

export interface SendResult {
  accepted: number;
  duplicates: number;
  rejected: Array<{ index: number; id: string | null; reason: RejectReason; fields: string[]; message: string }>;
  optedOut: boolean;
}

export interface SendInput {
  deviceId: string;
  context: AnalyticsContext;
  events: readonly unknown[];
  language: MessageLanguage;
}

/**
 * Ingestion: each event checked on its own, its time clamped to a window, its day worked
 * out in the app's reporting time zone; the new ones stored with a summary for the rollup
 * in one transaction, so the counts match the stored events exactly.
 */
export class AnalyticsIngest {
  /** Days whose partition this instance knows exists. */
  readonly #partitions = new Set<string>();

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'database' | 'clock' | 'rateLimits' | 'config'>,
    private readonly settings: AnalyticsSettingsStore,
  ) {}

  async send(caller: Caller, input: SendInput): Promise<SendResult> {
    const appId = caller.appId!;
    const policy = this.deps.config.rateLimits.analyticsApp!;
    const verdict = await this.deps.rateLimits.hit(rateKey('analyticsApp', 'app', appId), policy);
    if (!verdict.allowed) throw new AppError('rateLimited', undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
    const { timeZone } = await this.settings.of(appId, caller.teamId!, caller.projectId!);
    const now = this.deps.clock.now();
    const oldest = now.getTime() - ANALYTICS_LIMITS.maxAgeHours * 3_600_000;
    const newest = now.getTime() + ANALYTICS_LIMITS.futureSkewMinutes * 60_000;
    const { context } = input;
    const rejected: SendResult['rejected'] = [];
    const rows: EventRow[] = [];
    const reject = (index: number, id: string | null, reason: RejectReason, fields: string[] = []) =>
      rejected.push({ index, id, reason, fields, message: REASONS[reason][input.language] });
    input.events.forEach((raw, index) => {
      const parsed = analyticsApi.analyticsEvent.safeParse(raw);
      const rawId = typeof (raw as { id?: unknown } | null)?.id === 'string' ? ((raw as { id: string }).id.slice(0, 64)) : null;
      if (!parsed.success) return reject(index, rawId, 'invalid', [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))].filter(Boolean));
      const e = parsed.data;
      const t = e.at.getTime();
      if (t < oldest) return reject(index, e.id, 'tooOld', ['at']);
      if (t > newest) return reject(index, e.id, 'future', ['at']);
      const at = t > now.getTime() ? now : e.at;
      const extra = Object.entries(e).filter(([k]) => !OWN_FIELDS.has(k));
      const properties = extra.length || e.properties ? { ...Object.fromEntries(extra), ...e.properties } : null;
      if (properties && Object.keys(properties).length > ANALYTICS_LIMITS.propertiesPerEvent) return reject(index, e.id, 'invalid', ['properties']);
      rows.push({
        appId,
        day: dayIn(timeZone, at),
        eventId: e.id,
        name: e.name,
        at,
        instanceId: input.deviceId,
        userId: context.userId ?? null,
        appVersion: context.appVersion ?? '',
        os: context.os ?? '',
        country: context.country ?? '',
        value: e.value ?? null,
        properties: properties as EventRow['properties'],
      });
    });
    if (!rows.length) return { accepted: 0, duplicates: 0, rejected, optedOut: await analyticsRepo.optedOut(this.deps.db, appId, input.deviceId) };
    const days = [...new Set(rows.map((r) => r.day))];
    const missing = days.filter((d) => !this.#partitions.has(d));
    if (missing.length) {
      await this.deps.db.transaction((tx) => analyticsRepo.ensurePartitions(tx, missing));
      for (const d of missing) this.#partitions.add(d);
    }
    const { stored, optedOut } = await storeBatch(this.deps.database, rows, deviceOf(rows[0]!, input.context), now);
    if (optedOut) return { accepted: 0, duplicates: 0, rejected: [], optedOut: true };
    return { accepted: stored.size, duplicates: rows.length - stored.size, rejected, optedOut: false };
  }

  async optOut(caller: Caller, deviceId: string, optedOut: boolean): Promise<boolean> {
    await analyticsRepo.setOptOut(this.deps.db, caller.appId!, deviceId, optedOut, this.deps.clock.now());
    return optedOut;
  }
}
