import type { Readable } from 'node:stream';
import type { MessageLanguage } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { callerApp } from '../apps/public';
import { displayNames } from '../accounts/public';
import { feedbackRepo, type FeedbackRow } from './repo';
import { filterOf, type ListQuery } from './inbox';
import type { Position } from '../../platform/http/cursor';
import { safeFileName } from '../../platform/http/file-name';
import { csvStream } from '../../platform/csv';

const BATCH = 500;

const HEADINGS: Record<MessageLanguage, string[]> = {
  zh: ['时间', '类别', '状态', '处理人', '内容', '应用版本', '设备型号', '操作系统', '联系方式', '语言', '国家/地区', '截图数'],
  en: ['Time', 'Category', 'State', 'Assignee', 'Text', 'App version', 'Device model', 'OS', 'Contact', 'Language', 'Country', 'Screenshots'],
  ru: ['Время', 'Категория', 'Состояние', 'Исполнитель', 'Текст', 'Версия приложения', 'Модель устройства', 'ОС', 'Контакт', 'Язык', 'Страна', 'Снимков экрана'],
};

/**
 * The app's feedback matching the filters as CSV (platform/csv.ts), read from the database a
 * batch at a time while it is sent.
 */
export async function feedbackCsv(deps: Pick<Deps, 'db'>, caller: Caller, q: ListQuery, lang: MessageLanguage): Promise<{ fileName: string; body: Readable }> {
  const { db } = deps;
  const app = await callerApp(db, caller, q.appId);
  const filter = filterOf(caller, q);
  async function* rowsOf() {
    let after: Position | undefined;
    for (;;) {
      const rows: FeedbackRow[] = await feedbackRepo.page(db, filter, BATCH, after);
      const names = await displayNames(db, rows.flatMap((r) => (r.assigneeId ? [r.assigneeId] : [])));
      for (const r of rows) yield [r.createdAt.toISOString(), r.category, r.state, r.assigneeId ? (names.get(r.assigneeId) ?? '') : '', r.text, r.appVersion, r.deviceModel, r.os, r.contact, r.language, r.country, r.screenshotIds.length];
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.createdAt, id: last.id };
    }
  }
  return { fileName: `${safeFileName(app.name, 'app')} feedback.csv`, body: csvStream(HEADINGS[lang], rowsOf()) };
}
