import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import type { CloudDbTransfer } from '@wharf/contract';
import { CLOUD_DB_LIMITS, escapeCsvValue, valueFromText } from '@wharf/rules';
import { auditActor, writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, invalidInput, type LocalisedText } from '../../platform/http/errors';
import type { CloudDbDocuments, Target } from './document-service';
import { documentValues } from './documents';
import { transfersRepo, type TransferRow } from './transfers-repo';
import { filesOf } from '../files/public';

type TransferDeps = Deps & { documents: CloudDbDocuments };

/** An import file's size at most: read whole, checked whole, before anything is written. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** A worker quiet this long has died: its transfer is taken over (from the start: an import is all or nothing until its first batch). */
const STALE_MS = 120_000;
const BATCH = 1000;

export const transferOut = (r: TransferRow): CloudDbTransfer => ({
  id: r.id,
  kind: r.kind as CloudDbTransfer['kind'],
  format: r.format as CloudDbTransfer['format'],
  zoneName: r.zoneName,
  objectTypeName: r.objectTypeName,
  state: r.state as CloudDbTransfer['state'],
  done: r.done,
  total: r.total,
  error: r.error ?? null,
  objectId: r.objectId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The console's side: queue an import of an uploaded file or an export, and list them. */
export class CloudDbTransfers {
  constructor(private readonly deps: TransferDeps) {}

  async start(caller: Caller, t: Target, kind: 'import' | 'export', format: 'json' | 'csv', objectId?: string) {
    let sourceKey: string | null = null;
    if (kind === 'import') {
      const file = await filesOf(this.deps).get(caller, objectId!);
      if ((file.size ?? 0) > IMPORT_MAX_BYTES) {
        throw invalidInput({ zh: '导入文件最大 64 MB', en: 'An import file is at most 64 MB', ru: 'Файл импорта — не больше 64 МБ' });
      }
      sourceKey = file.storageKey;
    }
    const now = this.deps.clock.now();
    const row: TransferRow = {
      id: randomUUID(), projectId: t.projectId, teamId: caller.teamId!, createdBy: caller.userId, kind, format,
      zoneName: t.zoneName, objectTypeName: t.type.objectTypeName, sourceKey, objectId: null, state: 'queued', done: 0, total: null, error: null, createdAt: now, updatedAt: now,
    };
    await this.deps.db.transaction(async (tx) => {
      await transfersRepo.insert(tx, row);
      await writeAudit(tx, this.deps.clock, { action: kind === 'import' ? 'cloud-db.import' : 'cloud-db.export', teamId: caller.teamId, ...auditActor(caller), targetType: 'project', targetId: t.projectId, data: { zone: t.zoneName, objectType: t.type.objectTypeName, format } });
    });
    return { transfer: transferOut(row) };
  }

  async list(projectId: string) {
    return { transfers: (await transfersRepo.latest(this.deps.db, projectId)).map(transferOut) };
  }
}

const textOf = (err: unknown): LocalisedText =>
  err instanceof AppError && err.text ? err.text : { zh: '处理失败，请重试', en: 'It failed; try again', ru: 'Не удалось; повторите' };

/** The documents of an import file, as JSON objects: a JSON array (or `{ objects }`), or CSV whose header names the fields. */
function documentsOf(t: Target, format: string, bytes: Buffer): Record<string, unknown>[] {
  const bad = (why: LocalisedText) => invalidInput(why);
  if (format === 'csv') {
    let rows: Record<string, string>[];
    try {
      rows = parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    } catch (err) {
      throw bad({ zh: `CSV 无法解析：${(err as Error).message}`, en: `The CSV does not parse: ${(err as Error).message}`, ru: `CSV не разбирается: ${(err as Error).message}` });
    }
    return rows.map((r) => Object.fromEntries(Object.entries(r).map(([name, text]) => [name, valueFromText(t.fields.get(name.toLowerCase()) ?? { fieldType: 'String' }, text)])));
  }
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw bad({ zh: `JSON 无法解析：${(err as Error).message}`, en: `The JSON does not parse: ${(err as Error).message}`, ru: `JSON не разбирается: ${(err as Error).message}` });
  }
  const list = Array.isArray(data) ? data : (data as { objects?: unknown })?.objects;
  if (!Array.isArray(list) || list.some((d) => !d || typeof d !== 'object' || Array.isArray(d))) {
    throw bad({ zh: 'JSON 须为数据对象的数组', en: 'The JSON must be an array of documents (objects)', ru: 'JSON должен быть массивом документов (объектов)' });
  }
  return list as Record<string, unknown>[];
}

async function runImport(deps: TransferDeps, row: TransferRow, t: Target): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of await deps.storage.get(row.sourceKey!)) chunks.push(c as Buffer);
  const docs = documentsOf(t, row.format, Buffer.concat(chunks));
  // Every document is checked before the first is written: a wrong one names itself, and nothing is written.
  docs.forEach((d, i) => documentValues(t.type, t.fields, d, i, deps.documents.seal));
  await transfersRepo.update(deps.db, row.id, { total: docs.length, updatedAt: deps.clock.now() });
  for (let from = 0; from < docs.length; from += BATCH) {
    await deps.documents.upsert(t, { kind: 'admin' }, docs.slice(from, from + BATCH));
    await transfersRepo.update(deps.db, row.id, { done: Math.min(docs.length, from + BATCH), updatedAt: deps.clock.now() });
  }
}

async function runExport(deps: TransferDeps, row: TransferRow, t: Target): Promise<void> {
  const total = Number((await deps.documents.aggregate(t, { kind: 'admin' }, [], 'count', undefined)).value);
  await transfersRepo.update(deps.db, row.id, { total, updatedAt: deps.clock.now() });
  const names = t.type.fields.map((f) => f.fieldName);
  const parts: string[] = [row.format === 'csv' ? `\uFEFF${names.map((n) => escapeCsvValue(n)).join(',')}\r\n` : '['];
  let cursor: string | undefined;
  let done = 0;
  for (;;) {
    const page = await deps.documents.query(t, { kind: 'admin' }, { where: [], orderBy: [], limit: BATCH, offset: 0, ...(cursor ? { cursor } : {}) });
    for (const d of page.objects) {
      // Encrypted values stay in the database: an export is a file anyone may forward.
      for (const f of t.type.fields) if (f.isNeedEncrypt) d[f.fieldName] = null;
      if (row.format === 'csv') parts.push(`${names.map((n) => escapeCsvValue(d[n] === null || d[n] === undefined ? '' : typeof d[n] === 'object' ? JSON.stringify(d[n]) : (d[n] as string | number | boolean).toString())).join(',')}\r\n`);
      else parts.push(`${done === 0 ? '' : ','}\n${JSON.stringify(d)}`);
      done += 1;
    }
    await transfersRepo.update(deps.db, row.id, { done, updatedAt: deps.clock.now() });
    if (!page.cursor) break;
    cursor = page.cursor;
  }
  if (row.format === 'json') parts.push('\n]\n');
  const caller = { kind: 'user', teamId: row.teamId, userId: row.createdBy, ip: null } as unknown as Caller;
  const name = `${t.type.objectTypeName}-${t.zoneName}.${row.format}`;
  const file = await filesOf(deps).upload(caller, Readable.from(parts), { fileName: name, contentType: row.format === 'csv' ? 'text/csv' : 'application/json', bizTag: 'file', maxBytes: CLOUD_DB_LIMITS.documentBytes * 2000 });
  await transfersRepo.update(deps.db, row.id, { objectId: file.objectId, updatedAt: deps.clock.now() });
}

/** One run of the transfers worker: the oldest waiting transfer, start to end. */
export async function runTransfers(deps: TransferDeps): Promise<number> {
  const now = deps.clock.now();
  const row = await transfersRepo.claim(deps.db, now, new Date(now.getTime() - STALE_MS));
  if (!row) return 0;
  try {
    const t = await deps.documents.target(row.projectId, row.zoneName, row.objectTypeName);
    await (row.kind === 'import' ? runImport(deps, row, t) : runExport(deps, row, t));
    await transfersRepo.update(deps.db, row.id, { state: 'done', updatedAt: deps.clock.now() });
  } catch (err) {
    if (!(err instanceof AppError)) deps.log.error({ err, transfer: row.id }, 'cloud-db transfer failed');
    await transfersRepo.update(deps.db, row.id, { state: 'failed', error: textOf(err), updatedAt: deps.clock.now() });
  }
  return 1;
}
