import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { FUNCTION_LIMITS, FUNCTION_TEMPLATE, INLINE_ENTRY } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { changeFunction, type OnFunctionChanged } from './changes';
import { writeEnv } from './env';
import { functionOut } from './out';
import type { LayerRef } from './tables';
import { cloudFunctionsRepo as repo, type FunctionRow } from './repo';
import { WORDS } from './words';
import { layersRepo } from './layers-repo';
import { readAll, readFunctionZip } from './zip';
import { filesOf } from '../files/public';

interface SettingsInput {
  handler?: string | undefined;
  memoryMb?: number | undefined;
  timeoutSeconds?: number | undefined;
  concurrency?: number | undefined;
  description?: string | undefined;
  httpAuth?: 'none' | 'apiClient' | 'appUser' | undefined;
  code?: string | undefined;
  files?: Record<string, string> | undefined;
  env?: { name: string; value?: string | undefined }[] | undefined;
  layers?: { layerName: string; version: number }[] | undefined;
}

const DEFAULTS = { handler: 'myHandler', memoryMb: 256, timeoutSeconds: 5, concurrency: 1, description: '' };

/** The files of inline code, and their hash: what `$latest` and versions point at (the same files, whatever their order, the same hash). */
export function inlineFiles(source: string | Record<string, string>): { files: Record<string, string>; sha256: string; size: number } {
  const given = typeof source === 'string' ? { [INLINE_ENTRY]: source } : source;
  const files = Object.fromEntries(Object.keys(given).sort().map((p) => [p, given[p]!]));
  const size = Object.values(files).reduce((n, text) => n + Buffer.byteLength(text), 0);
  return { files, sha256: createHash('sha256').update(JSON.stringify(files)).digest('hex'), size };
}

/** The layer versions named, each ready: what a function's `$latest` will run with. */
async function readyLayers(db: DbOrTx, projectId: string, refs: { layerName: string; version: number }[]): Promise<LayerRef[]> {
  const out: LayerRef[] = [];
  for (const ref of refs) {
    const layer = await layersRepo.byName(db, projectId, ref.layerName);
    if (!layer) throw notFound(WORDS.noLayer(ref.layerName));
    const version = await layersRepo.version(db, layer.id, ref.version, true);
    if (!version) throw notFound(WORDS.noLayerVersion(ref.layerName, ref.version));
    if (version.state !== 'ready') throw conflict(WORDS.layerNotReady(ref.layerName, ref.version));
    out.push({ layerId: layer.id, version: ref.version });
  }
  return out;
}

/** A function's `$latest`: created, edited and deleted; the access check has tied the project to the caller. */
export class CloudFunctionsService {
  constructor(
    private readonly deps: Deps,
    private readonly onChanged?: OnFunctionChanged,
  ) {}

  readonly #url = (p: string) => this.deps.userContent.url(p);

  async #out(db: DbOrTx, rows: FunctionRow[]) {
    const [meta, names] = await Promise.all([repo.codeMeta(db, rows.map((r) => r.id)), rows[0] ? layersRepo.names(db, rows[0].projectId) : new Map<string, string>()]);
    return rows.map((r) => functionOut(r, meta.get(`${r.id}:${r.codeSha256}`), this.#url, names));
  }

  async list(q: { projectId: string; pageSize: number; cursor?: string | undefined; withTotal: boolean }) {
    const { db } = this.deps;
    const rows = await repo.page(db, q.projectId, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    return { items: await this.#out(db, page), nextCursor, ...(q.withTotal ? { total: await repo.count(db, q.projectId) } : {}) };
  }

  async get(projectId: string, functionId: string) {
    const { db } = this.deps;
    const row = await repo.get(db, projectId, functionId);
    if (!row) throw notFound(WORDS.noFunction);
    const code = await repo.code(db, row.id, row.codeSha256);
    const sources = code?.archiveKey ? {} : (code?.files ?? {});
    return { function: (await this.#out(db, [row]))[0]!, code: sources[INLINE_ENTRY] ?? '', sources, files: code?.manifest ?? [] };
  }

  async create(caller: Caller, projectId: string, input: SettingsInput & { name: string }) {
    const { db, clock, secrets } = this.deps;
    const now = clock.now();
    const code = inlineFiles(input.files ?? input.code ?? FUNCTION_TEMPLATE);
    return db.transaction(async (tx) => {
      const row = await repo.insert(tx, {
        projectId, name: input.name, handler: input.handler ?? DEFAULTS.handler, memoryMb: input.memoryMb ?? DEFAULTS.memoryMb,
        timeoutSeconds: input.timeoutSeconds ?? DEFAULTS.timeoutSeconds, concurrency: input.concurrency ?? DEFAULTS.concurrency,
        description: input.description ?? DEFAULTS.description, httpAuth: input.httpAuth ?? 'none', codeSha256: code.sha256, env: [], createdAt: now, updatedAt: now,
      });
      if (!row) throw conflict(WORDS.nameTaken(input.name));
      await repo.putCode(tx, { functionId: row.id, sha256: code.sha256, files: code.files, size: code.size });
      const env = await writeEnv(secrets, tx, { projectId, name: `function:${row.id}:latest`, secretId: null }, input.env ?? []);
      const saved = await repo.update(tx, row.id, { env: env.hints, envSecretId: env.secretId });
      await writeAudit(tx, clock, { action: 'cloud-functions.create', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'cloud-function', targetId: row.id, data: { projectId, name: row.name } });
      return { function: (await this.#out(tx, [saved]))[0]! };
    });
  }

  async update(caller: Caller, projectId: string, functionId: string, input: SettingsInput) {
    const { clock, secrets } = this.deps;
    const dropped: string[] = [];
    const out = await changeFunction(this.deps, this.onChanged, functionId, async (tx) => {
      const row = await repo.get(tx, projectId, functionId, true);
      if (!row) throw notFound(WORDS.noFunction);
      const change: Partial<FunctionRow> = { updatedAt: clock.now() };
      for (const key of ['handler', 'memoryMb', 'timeoutSeconds', 'concurrency', 'description', 'httpAuth'] as const) {
        if (input[key] !== undefined) Object.assign(change, { [key]: input[key] });
      }
      const source = input.files ?? input.code;
      if (source !== undefined) {
        const code = inlineFiles(source);
        await repo.putCode(tx, { functionId, sha256: code.sha256, files: code.files, size: code.size });
        change.codeSha256 = code.sha256;
      }
      if (input.layers !== undefined) change.layers = await readyLayers(tx, projectId, input.layers);
      if (input.env !== undefined) {
        const env = await writeEnv(secrets, tx, { projectId, name: `function:${functionId}:latest`, secretId: row.envSecretId }, input.env);
        Object.assign(change, { env: env.hints, envSecretId: env.secretId });
      }
      const saved = await repo.update(tx, functionId, change);
      if (change.codeSha256) dropped.push(...(await repo.dropUnusedCode(tx, functionId, change.codeSha256)));
      // Names of what changed only: never the code or a variable's value.
      const changed = Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [k]));
      await writeAudit(tx, clock, { action: 'cloud-functions.update', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'cloud-function', targetId: functionId, data: { projectId, name: row.name, changed } });
      return { function: (await this.#out(tx, [saved]))[0]! };
    });
    this.#dropArchives(dropped);
    return out;
  }

  /** Makes a zip the file service holds `$latest`'s code: its files checked, the zip kept under the function's own key. */
  async uploadCode(caller: Caller, projectId: string, functionId: string, objectId: string, entry: string) {
    const { db, clock, storage } = this.deps;
    if (!(await repo.get(db, projectId, functionId))) throw notFound(WORDS.noFunction);
    const file = await filesOf(this.deps).get(caller, objectId);
    if (file.size > FUNCTION_LIMITS.zipBytes) throw new AppError('tooLarge', WORDS.zipTooLarge);
    const zip = await readAll(await storage.get(file.storageKey), FUNCTION_LIMITS.zipBytes);
    const read = await readFunctionZip(zip, entry);
    const archiveKey = `functions/${functionId}/${read.sha256}.zip`;
    await storage.put(archiveKey, Readable.from([zip]), { maxBytes: FUNCTION_LIMITS.zipBytes });
    const dropped: string[] = [];
    const out = await changeFunction(this.deps, this.onChanged, functionId, async (tx) => {
      const row = await repo.get(tx, projectId, functionId, true);
      if (!row) throw notFound(WORDS.noFunction);
      await repo.putCode(tx, { functionId, sha256: read.sha256, files: {}, size: read.size, entry, archiveKey, manifest: read.manifest });
      const saved = await repo.update(tx, functionId, { codeSha256: read.sha256, updatedAt: clock.now() });
      dropped.push(...(await repo.dropUnusedCode(tx, functionId, read.sha256)));
      await writeAudit(tx, clock, { action: 'cloud-functions.update', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'cloud-function', targetId: functionId, data: { projectId, name: row.name, changed: ['code'], files: read.manifest.length, size: read.size } });
      return { function: (await this.#out(tx, [saved]))[0]! };
    });
    this.#dropArchives(dropped.filter((k) => k !== archiveKey));
    return out;
  }

  /** Zips no code uses any more: removed from storage after the change (a failure leaves a stray object, never a missing one). */
  #dropArchives(keys: string[]): void {
    for (const key of keys) void this.deps.storage.delete(key).catch(() => undefined);
  }

  async remove(caller: Caller, projectId: string, functionId: string) {
    const { clock, secrets } = this.deps;
    const archives = await changeFunction(this.deps, this.onChanged, functionId, async (tx) => {
      const row = await repo.get(tx, projectId, functionId, true);
      if (!row) throw notFound(WORDS.noFunction);
      const archives = await repo.archives(tx, functionId);
      const secretIds = [row.envSecretId, ...(await repo.versionSecrets(tx, functionId))].filter((id): id is string => id !== null);
      await repo.remove(tx, projectId, functionId);
      for (const id of secretIds) await secrets.remove(tx, id);
      await writeAudit(tx, clock, { action: 'cloud-functions.delete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'cloud-function', targetId: functionId, data: { projectId, name: row.name } });
      return archives;
    });
    this.#dropArchives(archives);
    return {};
  }
}
