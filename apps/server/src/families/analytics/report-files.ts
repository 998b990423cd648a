import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeSpreadsheetCell } from '@wharf/rules';
import type { ExportFormat, MessageLanguage, ReportDefinition, ReportDimension, ReportMetric } from '@wharf/contract';
import type { Cell, ReportTable } from './report-rows';
import { safeFileName } from '../../platform/http/file-name';
import { csvStream } from '../../platform/csv';

type Words = Record<MessageLanguage, string>;

const DIMENSIONS: Record<Exclude<ReportDimension, 'property'>, Words> = {
  day: { zh: '日期', en: 'Day', ru: 'День' },
  appVersion: { zh: '应用版本', en: 'App version', ru: 'Версия приложения' },
  country: { zh: '国家/地区', en: 'Country or region', ru: 'Страна или регион' },
  os: { zh: '操作系统', en: 'OS', ru: 'ОС' },
};

const METRICS: Record<ReportMetric, Words> = {
  newUsers: { zh: '新用户', en: 'New users', ru: 'Новые пользователи' },
  activeUsers: { zh: '活跃用户', en: 'Active users', ru: 'Активные пользователи' },
  sessions: { zh: '会话数', en: 'Sessions', ru: 'Сеансы' },
  averageSessionSeconds: { zh: '平均会话时长（秒）', en: 'Average session (seconds)', ru: 'Средний сеанс (секунды)' },
  events: { zh: '事件数', en: 'Events', ru: 'События' },
};

/** The file's first row: what the rows are, the metrics, then the chosen events by name. */
export function headings(def: ReportDefinition, lang: MessageLanguage): string[] {
  const first = def.dimension === 'property' ? (def.property ?? '') : DIMENSIONS[def.dimension][lang];
  return [first, ...def.metrics.map((m) => METRICS[m][lang]), ...def.events];
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * XLSX written as a stream: numbers stay numbers, text cells get the specification's
 * spreadsheet rule (a leading =, +, - or @ is quoted behind a tab).
 */
function xlsx(head: string[], table: ReportTable, sheetName: string): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Report');
  const text = (c: Cell) => (typeof c === 'number' ? c : escapeSpreadsheetCell(c));
  const headRow = sheet.addRow(head.map(text));
  headRow.font = { bold: true };
  headRow.commit();
  for (const row of table.rows) sheet.addRow(row.map(text)).commit();
  sheet.commit();
  book.commit().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

export function reportFile(format: ExportFormat, def: ReportDefinition, table: ReportTable, lang: MessageLanguage, name: string): Readable {
  const head = headings(def, lang);
  return format === 'csv' ? csvStream(head, table.rows) : xlsx(head, table, name);
}

/** The download's file name: the report's name and range, safe on every file system. */
export function fileNameOf(name: string, from: string, to: string, format: ExportFormat): string {
  const base = safeFileName(name, 'report');
  return `${base} ${from}_${to}.${format}`;
}
