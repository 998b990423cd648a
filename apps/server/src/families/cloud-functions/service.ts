import { createHash } from 'node:crypto';
import { FUNCTION_TEMPLATE } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { conflict, notFound } from '../../platform/http/errors';
import { writeEnv } from './env';
import { functionOut } from './out';
import { cloudFunctionsRepo as repo, type FunctionRow } from './repo';
import { WORDS } from './words';

export const CHANGED_CHANNEL = 'cloud-functions.changed';

interface SettingsInput {
  handler?: string | undefined;
  memoryMb?: number | undefined;
  timeoutSeconds?: number | undefined;
  concurrency?: number | undefined;
  description?: string | undefined;
  code?: string | undefined;
  env?: { name: string; value?: string | undefined }[] | undefined;
}

const DEFAULTS = { handler: 'myHandler', memoryMb: 256, timeoutSeconds: 5, concurrency: 1, description: '' };

/** The files of inline code, and their hash: what `$latest` and versions point at. */
export function inlineFiles(code: string): { files: Record<string, string>; sha256: string; size: number } {
  const files = { 'index.js': code };
  return { files, sha256: createHash('sha256').update(JSON.stringify(files)).digest('hex'), size: Buffer.byteLength(code) };
}

/** A function's `$latest`: created, edited and deleted; the access check has tied the project to the caller. */
export class CloudFunctionsService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'pubsub' | 'userContent'>) {}

  readonly #url = (p: string) => this.deps.userContent.url(p);

  async #out(db: DbOrTx, rows: FunctionRow[]) {
    const sizes = await repo.codeSizes(db, rows.map((r) => r.id));
    return rows.map((r) => functionOut(r, sizes.get(`${r.id}:${r.codeSha256}`) ?? 0, this.#url));
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
    return { function: (await this.#out(db, [row]))[0]!, code: code?.files['index.js'] ?? '' };
  }

  async create(caller: Caller, projectId: string, input: SettingsInput & { name: string }) {
    const { db, clock, secrets } = this.deps;
    const now = clock.now();
    const code = inlineFiles(input.code ?? FUNCTION_TEMPLATE);
    return db.transaction(async (tx) => {
      const row = await repo.insert(tx, {
        projectId, name: input.name, handler: input.handler ?? DEFAULTS.handler, memoryMb: input.memoryMb ?? DEFAULTS.memoryMb,
        timeoutSeconds: input.timeoutSeconds ?? DEFAULTS.timeoutSeconds, concurrency: input.concurrency ?? DEFAULTS.concurrency,
        description: input.description ?? DEFAULTS.description, codeSha256: code.sha256, env: [], createdAt: now, updatedAt: now,
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
    const { db, clock, secrets, pubsub } = this.deps;
    return db.transaction(async (tx) => {
      const row = await repo.get(tx, projectId, functionId, true);
      if (!row) throw notFound(WORDS.noFunction);
      const change: Partial<FunctionRow> = { updatedAt: clock.now() };
      for (const key of ['handler', 'memoryMb', 'timeoutSeconds', 'concurrency', 'description'] as const) {
        if (input[key] !== undefined) Object.assign(change, { [key]: input[key] });
      }
      if (input.code !== undefined) {
        const code = inlineFiles(input.code);
        await repo.putCode(tx, { functionId, sha256: code.sha256, files: code.files, size: code.size });
        change.codeSha256 = code.sha256;
      }
      if (input.env !== undefined) {
        const env = await writeEnv(secrets, tx, { projectId, name: `function:${functionId}:latest`, secretId: row.envSecretId }, input.env);
        Object.assign(change, { env: env.hints, envSecretId: env.secretId });
      }
      const saved = await repo.update(tx, functionId, change);
      if (change.codeSha256) await repo.dropUnusedCode(tx, functionId, change.codeSha256);
      // Names of what changed only: never the code or a variable's value.
      const changed = Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [k]));
      await writeAudit(tx, clock, { action: 'cloud-functions.update', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'cloud-function', targetId: functionId, data: { projectId, name: row.name, changed } });
      await pubsub.publishIn(tx, CHANGED_CHANNEL, { functionId });
      return { function: (await this.#out(tx, [saved]))[0]! };
    });
  }

  async remove(caller: Caller, projectId: string, functionId: string) {
    const { db, clock, secrets, pubsub } = this.deps;
    await db.transaction(async (tx) => {
      const row = await repo.get(tx, projectId, functionId, true);
      if (!row) throw notFound(WORDS.noFunction);
      const secretIds = [row.envSecretId, ...(await repo.versionSecrets(tx, functionId))].filter((id): id is string => id !== null);
      await repo.remove(tx, projectId, functionId);
      for (const id of secretIds) await secrets.remove(tx, id);
      await writeAudit(tx, clock, { action: 'cloud-functions.delete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'cloud-function', targetId: functionId, data: { projectId, name: row.name } });
      await pubsub.publishIn(tx, CHANGED_CHANNEL, { functionId });
    });
    return {};
  }
}
