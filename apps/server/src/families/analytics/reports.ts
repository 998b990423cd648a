import { REPORT_LIMITS, type AnalyticsExport, type ExportFormat, type MessageLanguage, type ReportDefinition, type ReportTemplate, type ReportTemplateInput } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, forbidden, invalidInput, notFound } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { auditAppChange } from './audit';
import { addDays, dayIn } from './days';
import { checkRange } from './overview';
import { reportsRepo, type ExportRow, type TemplateRow } from './reports-repo';
import { nextRunAt } from './schedule';
import type { AnalyticsSettingsStore } from './settings';

type Input = ReportTemplateInput & { definition: ReportDefinition };

const NO_TEMPLATE = { zh: '报表模板不存在', en: 'No such report template', ru: 'Такого шаблона отчёта нет' };
const NOT_YOURS = { zh: '只有模板的创建者（或共享模板的应用管理者）可以修改它', en: 'Only the template’s owner (or, for a shared template, someone who manages the app) can change it', ru: 'Изменить шаблон может только его владелец (а общий — и тот, кто управляет приложением)' };

export function templateOut(row: TemplateRow, ownerName: string, userId: string): ReportTemplate {
  return {
    templateId: row.id,
    name: row.name,
    definition: row.definition,
    rangeDays: row.rangeDays as ReportTemplate['rangeDays'],
    format: row.format,
    schedule: row.schedule,
    shared: row.shared,
    ownerName,
    mine: row.ownerId === userId,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function exportOut(row: ExportRow, lang: MessageLanguage): AnalyticsExport {
  return {
    exportId: row.id,
    templateId: row.templateId,
    name: row.name,
    definition: row.definition,
    from: row.fromDay,
    to: row.toDay,
    format: row.format,
    state: row.state,
    progress: row.state === 'done' ? 100 : row.progress,
    rows: row.rows,
    size: row.size,
    error: row.error?.[lang] ?? null,
    scheduled: row.scheduled,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Report templates and exports as the console asks for them; the worker (report-worker.ts) makes the files. */
export class Reports {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'storage'>,
    private readonly settings: AnalyticsSettingsStore,
  ) {}

  async templates(caller: Caller, appId: string) {
    await callerApp(this.deps.db, caller, appId);
    const rows = await reportsRepo.templatesFor(this.deps.db, appId, caller.userId!);
    return { templates: rows.map((r) => templateOut(r.row, r.ownerName, caller.userId!)) };
  }

  async createTemplate(caller: Caller, appId: string, input: Input) {
    const app = await callerApp(this.deps.db, caller, appId);
    const { timeZone, retentionDays } = await this.settings.read(this.deps.db, appId, app.teamId, app.projectId);
    this.checkRawRange(input.definition, input.rangeDays, retentionDays);
    const now = this.deps.clock.now();
    const { row, ownerName } = await this.deps.db.transaction(async (tx) => {
      if ((await reportsRepo.countTemplates(tx, appId)) >= REPORT_LIMITS.templatesPerApp) {
        throw conflict({ zh: `每个应用最多 ${REPORT_LIMITS.templatesPerApp} 个报表模板`, en: `An app has at most ${REPORT_LIMITS.templatesPerApp} report templates`, ru: `У приложения не больше ${REPORT_LIMITS.templatesPerApp} шаблонов отчётов` });
      }
      const inserted = await reportsRepo.insertTemplate(tx, { appId, ownerId: caller.userId!, ...input, nextRunAt: nextRunAt(input.schedule, timeZone, now), createdAt: now, updatedAt: now });
      await auditAppChange(tx, this.deps.clock, caller, app.teamId, 'analytics.reportTemplate.create', appId, { templateId: inserted.id, name: input.name, schedule: input.schedule, shared: input.shared });
      return { row: inserted, ownerName: (await reportsRepo.template(tx, appId, inserted.id))!.ownerName };
    });
    return { template: templateOut(row, ownerName, caller.userId!) };
  }

  async updateTemplate(caller: Caller, appId: string, templateId: string, input: Input) {
    const app = await callerApp(this.deps.db, caller, appId);
    const { timeZone, retentionDays } = await this.settings.read(this.deps.db, appId, app.teamId, app.projectId);
    this.checkRawRange(input.definition, input.rangeDays, retentionDays);
    const now = this.deps.clock.now();
    const { row, ownerName } = await this.deps.db.transaction(async (tx) => {
      const found = await this.editable(tx, caller, appId, templateId);
      // Made private by someone who does not own it, it would vanish from their list: only the owner does that.
      if (found.row.shared && !input.shared && found.row.ownerId !== caller.userId) throw forbidden(NOT_YOURS);
      const scheduleChanged = input.schedule !== found.row.schedule;
      const updated = await reportsRepo.updateTemplate(tx, templateId, { ...input, updatedAt: now, ...(scheduleChanged ? { nextRunAt: nextRunAt(input.schedule, timeZone, now) } : {}) });
      await auditAppChange(tx, this.deps.clock, caller, app.teamId, 'analytics.reportTemplate.update', appId, { templateId, name: input.name, schedule: input.schedule, shared: input.shared });
      return { row: updated, ownerName: found.ownerName };
    });
    return { template: templateOut(row, ownerName, caller.userId!) };
  }

  async deleteTemplate(caller: Caller, appId: string, templateId: string) {
    const app = await callerApp(this.deps.db, caller, appId);
    await this.deps.db.transaction(async (tx) => {
      const found = await this.editable(tx, caller, appId, templateId);
      await reportsRepo.deleteTemplate(tx, templateId);
      await auditAppChange(tx, this.deps.clock, caller, app.teamId, 'analytics.reportTemplate.delete', appId, { templateId, name: found.row.name });
    });
    return {};
  }

  /** Queues an export; the worker picks it up within a second or so. */
  async createExport(caller: Caller, appId: string, body: { templateId?: string | undefined; name?: string | undefined; definition?: ReportDefinition | undefined; from: string; to: string; format: ExportFormat }, lang: MessageLanguage) {
    const app = await callerApp(this.deps.db, caller, appId);
    checkRange(body.from, body.to);
    const { retentionDays, timeZone } = await this.settings.read(this.deps.db, appId, app.teamId, app.projectId);
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      let source: { name: string; definition: ReportDefinition; templateId: string | null };
      if (body.templateId) {
        const t = await reportsRepo.template(tx, appId, body.templateId);
        if (!t || (!t.row.shared && t.row.ownerId !== caller.userId)) throw notFound(NO_TEMPLATE);
        source = { name: t.row.name, definition: t.row.definition, templateId: t.row.id };
      } else {
        source = { name: body.name!, definition: body.definition!, templateId: null };
      }
      this.checkRawFrom(source.definition, body.from, addDays(dayIn(timeZone, now), -(retentionDays - 1)));
      const inserted = await reportsRepo.insertExport(tx, {
        appId,
        ownerId: caller.userId!,
        ...source,
        fromDay: body.from,
        toDay: body.to,
        format: body.format,
        language: lang,
        scheduled: false,
        state: 'queued',
        progress: 0,
        attempts: 0,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REPORT_LIMITS.exportDays * 86_400_000),
      });
      await auditAppChange(tx, this.deps.clock, caller, app.teamId, 'analytics.export', appId, { exportId: inserted.id, name: source.name, from: body.from, to: body.to, format: body.format });
      return inserted;
    });
    return { export: exportOut(row, lang) };
  }

  async exports(caller: Caller, appId: string, lang: MessageLanguage) {
    await callerApp(this.deps.db, caller, appId);
    const rows = await reportsRepo.exportsOf(this.deps.db, appId, caller.userId!, this.deps.clock.now());
    return { exports: rows.map((r) => exportOut(r, lang)) };
  }

  /** A finished export's file, for its owner only. */
  async file(caller: Caller, appId: string, exportId: string) {
    await callerApp(this.deps.db, caller, appId);
    const row = await reportsRepo.export(this.deps.db, appId, exportId);
    if (!row || row.ownerId !== caller.userId || row.expiresAt.getTime() <= this.deps.clock.now().getTime()) {
      throw notFound({ zh: '导出文件不存在或已过期', en: 'No such export, or it has expired', ru: 'Такой выгрузки нет или её срок истёк' });
    }
    if (row.state !== 'done' || !row.storageKey) throw conflict({ zh: '导出尚未完成', en: 'The export is not finished yet', ru: 'Выгрузка ещё не готова' });
    return { row, body: await this.deps.storage.get(row.storageKey) };
  }

  private async editable(tx: DbOrTx, caller: Caller, appId: string, templateId: string) {
    const found = await reportsRepo.template(tx, appId, templateId);
    if (!found || (!found.row.shared && found.row.ownerId !== caller.userId)) throw notFound(NO_TEMPLATE);
    if (found.row.ownerId !== caller.userId && !caller.permissions.has('app.manage')) throw forbidden(NOT_YOURS);
    return found;
  }

  /** A report split by anything but days reads raw events, which go after the app's retention. */
  private checkRawRange(def: ReportDefinition, rangeDays: number, retentionDays: number): void {
    if (def.dimension !== 'day' && rangeDays > retentionDays) throw invalidInput(rawOnly(retentionDays));
  }

  private checkRawFrom(def: ReportDefinition, from: string, oldestKept: string): void {
    if (def.dimension !== 'day' && from < oldestKept) throw invalidInput(rawOnly(null, oldestKept));
  }

}

function rawOnly(retentionDays: number | null, oldest?: string) {
  const since = oldest ? { zh: `：请从 ${oldest} 起选择`, en: `: choose a range from ${oldest} on`, ru: `: выберите диапазон не раньше ${oldest}` } : { zh: `（${retentionDays} 天）`, en: ` (${retentionDays} days)`, ru: ` (${retentionDays} дн.)` };
  return {
    zh: `按版本、国家/地区、操作系统或属性拆分的报表读取原始事件，只能覆盖其保留期${since.zh}`,
    en: `A report split by version, country, OS or a property reads raw events, so it covers only the days they are kept${since.en}`,
    ru: `Отчёт с разбивкой по версии, стране, ОС или свойству читает исходные события и охватывает только срок их хранения${since.ru}`,
  };
}
