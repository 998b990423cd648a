import { REPORT_LIMITS, type MessageLanguage } from '@wharf/contract';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import { reportFile } from './report-files';
import { computeReport } from './report-rows';
import { reportsRepo, type ExportRow } from './reports-repo';
import { nextRunAt, templateRange } from './schedule';
import { scheduledReportMail } from './report-mail';
import type { AnalyticsSettingsStore } from './settings';

type WorkerDeps = Pick<Deps, 'db' | 'clock' | 'storage' | 'mailer' | 'config' | 'log'>;

/** A worker quiet this long has died: its export is taken over. */
export const EXPORT_STALE_MS = 120_000;
const MAX_ATTEMPTS = 3;
/** Exports one run makes at most; the rest wait for the next run (a second later). */
const PER_RUN = 3;

const FAILED = {
  zh: '导出失败，请重试；若仍失败，请联系管理员',
  en: 'The export failed; try again, and if it fails again, tell your administrator',
  ru: 'Выгрузка не удалась; повторите, а если не получится — сообщите администратору',
};

const siteToMessage = (site: string | null): MessageLanguage => (site === 'en' ? 'en' : site === 'ru' ? 'ru' : 'zh');

/** One run of the reports worker: scheduled templates due become exports, then waiting exports are made. */
export async function runReports(deps: WorkerDeps, settings: AnalyticsSettingsStore): Promise<number> {
  await queueScheduled(deps, settings);
  let made = 0;
  while (made < PER_RUN && (await makeOneExport(deps))) made += 1;
  return made;
}

/** Each template whose time came gets an export of its range, and its next time, in one transaction. */
export async function queueScheduled(deps: Pick<Deps, 'db' | 'clock'>, settings: AnalyticsSettingsStore): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await reportsRepo.dueTemplates(tx, now);
    for (const { row, ownerLanguage, teamId, projectId } of due) {
      const { timeZone } = await settings.read(tx, row.appId, teamId, projectId);
      const { from, to } = templateRange(row.rangeDays, timeZone, now);
      await reportsRepo.insertExport(tx, {
        appId: row.appId,
        ownerId: row.ownerId,
        templateId: row.id,
        name: row.name,
        definition: row.definition,
        fromDay: from,
        toDay: to,
        format: row.format,
        language: siteToMessage(ownerLanguage),
        scheduled: true,
        state: 'queued',
        progress: 0,
        attempts: 0,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REPORT_LIMITS.exportDays * 86_400_000),
      });
      await reportsRepo.updateTemplate(tx, row.id, { nextRunAt: nextRunAt(row.schedule, timeZone, now) });
    }
    return due.length;
  });
}

/** Claims one export and makes its file; false when none waits. */
export async function makeOneExport(deps: WorkerDeps): Promise<boolean> {
  const { db, clock, storage, log } = deps;
  const now = clock.now();
  const job = await db.transaction((tx) => reportsRepo.claimExport(tx, now, new Date(now.getTime() - EXPORT_STALE_MS)));
  if (!job) return false;
  try {
    const table = await computeReport(db, job.appId, job.definition, job.fromDay, job.toDay, (percent) => reportsRepo.progress(db, job.id, Math.min(95, percent), clock.now()));
    const key = `analytics-exports/${job.appId}/${job.id}.${job.format}`;
    const stored = await storage.put(key, reportFile(job.format, job.definition, table, job.language, job.name));
    await db.transaction(async (tx) => {
      await reportsRepo.finish(tx, job.id, { state: 'done', progress: 100, rows: table.rows.length, size: stored.size, storageKey: key, finishedAt: clock.now() });
      if (job.scheduled) await mailScheduled(deps, tx, job);
    });
    if (job.scheduled) void deps.mailer.deliverPending().catch(() => undefined);
  } catch (err) {
    log.error({ err, exportId: job.id, attempt: job.attempts }, 'analytics export failed');
    const last = job.attempts >= MAX_ATTEMPTS;
    await reportsRepo.finish(db, job.id, last ? { state: 'failed', error: FAILED, finishedAt: clock.now() } : { state: 'queued', progress: 0 });
  }
  return true;
}

async function mailScheduled(deps: WorkerDeps, tx: Tx, job: ExportRow): Promise<void> {
  const facts = await reportsRepo.mailFacts(tx, job.id);
  if (!facts) return;
  const site = facts.siteLanguage === 'en' || facts.siteLanguage === 'ru' ? facts.siteLanguage : 'cn';
  const link = `${deps.config.publicUrl ?? ''}${site === 'cn' ? '/' : `/${site}/`}#/apps/${job.appId}/analytics?tab=reports`;
  await deps.mailer.enqueue(tx, { to: facts.email, kind: 'analytics-report', ...scheduledReportMail(job.language, { report: job.name, app: facts.appName, from: job.fromDay, to: job.toDay, link, days: REPORT_LIMITS.exportDays }) });
}

/** Deletes expired exports and their files (the hourly retention run calls it). */
export async function dropExpiredExports(deps: Pick<Deps, 'db' | 'clock' | 'storage'>): Promise<number> {
  const expired = await reportsRepo.expired(deps.db, deps.clock.now());
  for (const e of expired) if (e.storageKey) await deps.storage.delete(e.storageKey);
  await reportsRepo.deleteExports(
    deps.db,
    expired.map((e) => e.id),
  );
  return expired.length;
}
