import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeSpreadsheetCell, type Answer, type Question } from '@wharf/rules';
import type { MessageLanguage } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import { allAnswers } from './results';
import type { QuestionnaireRow } from './repo';
import { safeFileName } from '../../platform/http/file-name';
import { csvStream } from '../../platform/csv';

const TIME: Record<MessageLanguage, string> = { zh: '提交时间', en: 'Submitted', ru: 'Отправлено' };

export const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** An answer as a cell: the options' labels (joined by "; "), the scale's number, the text. */
function cellOf(q: Question, a: Answer | undefined): string | number {
  if (a === undefined) return '';
  const label = (id: string) => q.options.find((o) => o.id === id)?.label ?? id;
  if (typeof a === 'number') return a;
  if (Array.isArray(a)) return a.map(label).join('; ');
  return q.kind === 'single' ? label(a) : a;
}

async function* rowsOf(db: DbOrTx, row: QuestionnaireRow) {
  for await (const answer of allAnswers(db, row.id)) yield [answer.createdAt.toISOString(), ...row.questions.map((q) => cellOf(q, answer.answers[q.id]))];
}

/**
 * Every answer, one row per respondent and a column per question, read a batch at a time
 * while it is sent. CSV: UTF-8 with a byte-order mark, every field escaped by the
 * specification's rule; XLSX: numbers stay numbers, text cells escaped against formulas.
 */
export function answersFile(db: DbOrTx, row: QuestionnaireRow, format: 'csv' | 'xlsx', lang: MessageLanguage): Readable {
  const head = [TIME[lang], ...row.questions.map((q) => q.title)];
  if (format === 'csv') return csvStream(head, rowsOf(db, row));
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(row.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Answers');
  const text = (c: string | number) => (typeof c === 'number' ? c : escapeSpreadsheetCell(c));
  void (async () => {
    const headRow = sheet.addRow(head.map(text));
    headRow.font = { bold: true };
    headRow.commit();
    for await (const cells of rowsOf(db, row)) sheet.addRow(cells.map(text)).commit();
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** The download's name: the questionnaire's title, safe on every file system. */
export const fileNameOf = (title: string, format: 'csv' | 'xlsx') => `${safeFileName(title, 'answers')}.${format}`;
