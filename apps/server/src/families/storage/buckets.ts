import { randomBytes } from 'node:crypto';
import type { StorageCorsRule, StorageRuleInput } from '@wharf/contract';
import { compileStorageRules, DEFAULT_STORAGE_RULES, STORAGE_LIMITS, testStorageRules, type CompiledStorageRule, type StorageRuleCase } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, conflict, invalidInput, notFound } from '../../platform/http/errors';
import { bucketOut } from './present';
import { storageRepo as repo, type BucketRow } from './repo';
import { WORDS } from './words';

/** How long an instance trusts what it read of a bucket (its rules, CORS) before reading again. */
export const BUCKET_CACHE_MS = 2000;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** A project's buckets: the service switched on, buckets made and removed, their rules and CORS. */
export class StorageBuckets {
  readonly #cache = new Map<string, { row: BucketRow; rules: CompiledStorageRule[]; at: number }>();

  constructor(private readonly deps: Deps) {}

  async service(projectId: string) {
    const buckets = await repo.buckets(this.deps.db, projectId);
    return {
      enabled: buckets.length > 0,
      buckets: buckets.map(bucketOut),
      quotaBytes: this.deps.config.cloudStorage.projectQuotaBytes,
      usedBytes: buckets.reduce((n, b) => n + b.bytes, 0),
      deviceBase: this.deps.userContent.url('/storage/v0'),
    };
  }

  /** The project's bucket by name (404 for another project's, as for none). */
  async of(projectId: string, name: string): Promise<BucketRow> {
    const row = await repo.bucketByName(this.deps.db, name);
    if (!row || row.projectId !== projectId) throw notFound(WORDS.noBucket(name));
    return row;
  }

  /** A bucket and its compiled rules for devices' calls, read at most every BUCKET_CACHE_MS. */
  async forDevice(name: string): Promise<{ row: BucketRow; rules: CompiledStorageRule[] } | null> {
    const now = this.deps.clock.now().getTime();
    const hit = this.#cache.get(name);
    if (hit && now - hit.at < BUCKET_CACHE_MS) return hit;
    const row = await repo.bucketByName(this.deps.db, name);
    if (!row) {
      this.#cache.delete(name);
      return null;
    }
    const compiled = compileStorageRules(row.rules);
    const entry = { row, rules: compiled.ok ? compiled.rules : [], at: now };
    if (this.#cache.size > 10_000) this.#cache.clear();
    this.#cache.set(name, entry);
    return entry;
  }

  forget(name: string): void {
    this.#cache.delete(name);
  }

  async enable(caller: Caller, projectId: string) {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const existing = await repo.lockBuckets(tx, projectId);
      if (existing.length > 0) throw conflict(WORDS.enabledAlready);
      const name = `wharf-${projectId.slice(0, 8)}-${randomBytes(4).toString('hex')}`;
      const row = await repo.insertBucket(tx, { projectId, name, isDefault: true, rules: DEFAULT_STORAGE_RULES.map((r) => ({ ...r })), rulesUpdatedAt: now, createdAt: now });
      if (!row) throw conflict(WORDS.bucketTaken(name));
      await writeAudit(tx, clock, { action: 'storage.enable', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'storage-bucket', targetId: row.id, data: { projectId, bucket: name } });
      return { bucket: bucketOut(row) };
    });
  }

  async create(caller: Caller, projectId: string, name: string) {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const existing = await repo.lockBuckets(tx, projectId);
      if (existing.length === 0) throw new AppError('conflict', WORDS.notEnabled);
      if (existing.length >= STORAGE_LIMITS.bucketsPerProject) throw conflict(WORDS.tooManyBuckets(STORAGE_LIMITS.bucketsPerProject));
      const row = await repo.insertBucket(tx, { projectId, name, isDefault: false, rules: DEFAULT_STORAGE_RULES.map((r) => ({ ...r })), rulesUpdatedAt: now, createdAt: now });
      if (!row) throw conflict(WORDS.bucketTaken(name));
      await writeAudit(tx, clock, { action: 'storage.createBucket', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'storage-bucket', targetId: row.id, data: { projectId, bucket: name } });
      return { bucket: bucketOut(row) };
    });
  }

  async remove(caller: Caller, projectId: string, name: string) {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const row = (await repo.lockBuckets(tx, projectId)).find((b) => b.name === name);
      if (!row) throw notFound(WORDS.noBucket(name));
      if (row.isDefault) throw conflict(WORDS.defaultBucket);
      if (row.objects > 0) throw conflict(WORDS.bucketNotEmpty(row.objects));
      await repo.deleteBucket(tx, row.id);
      await writeAudit(tx, clock, { action: 'storage.deleteBucket', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'storage-bucket', targetId: row.id, data: { projectId, bucket: name } });
    });
    this.forget(name);
    return {};
  }

  async rules(projectId: string, name: string) {
    const row = await this.of(projectId, name);
    return { rules: row.rules, updatedAt: row.rulesUpdatedAt.toISOString() };
  }

  async putRules(caller: Caller, projectId: string, name: string, rules: StorageRuleInput[]) {
    const compiled = compileStorageRules(rules);
    if (!compiled.ok) {
      const p = compiled.problem;
      throw invalidInput(WORDS.badRules(p.index, p.operation, p.detail));
    }
    const { db, clock } = this.deps;
    const row = await db.transaction(async (tx) => {
      const bucket = (await repo.lockBuckets(tx, projectId)).find((b) => b.name === name);
      if (!bucket) throw notFound(WORDS.noBucket(name));
      const saved = await repo.updateBucket(tx, bucket.id, { rules, rulesUpdatedAt: clock.now() });
      await writeAudit(tx, clock, { action: 'storage.putRules', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'storage-bucket', targetId: bucket.id, data: { projectId, bucket: name, rules: rules.length } });
      return saved;
    });
    this.forget(name);
    return { rules: row.rules, updatedAt: row.rulesUpdatedAt.toISOString() };
  }

  async testRules(projectId: string, name: string, rules: StorageRuleInput[] | undefined, cases: StorageRuleCase[]) {
    const given = rules ?? (await this.of(projectId, name)).rules;
    return testStorageRules(given, cases);
  }

  async cors(projectId: string, name: string) {
    return { cors: (await this.of(projectId, name)).cors };
  }

  async putCors(caller: Caller, projectId: string, name: string, cors: StorageCorsRule[]) {
    const { db, clock } = this.deps;
    const row = await db.transaction(async (tx) => {
      const bucket = (await repo.lockBuckets(tx, projectId)).find((b) => b.name === name);
      if (!bucket) throw notFound(WORDS.noBucket(name));
      const saved = await repo.updateBucket(tx, bucket.id, { cors });
      await writeAudit(tx, clock, { action: 'storage.putCors', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'storage-bucket', targetId: bucket.id, data: { projectId, bucket: name, origins: cors.flatMap((c) => c.origins) } });
      return saved;
    });
    this.forget(name);
    return { cors: row.cors };
  }

  /** Every day of the window, zeros included, so a chart has no gaps. */
  async usage(projectId: string, bucket: string | undefined, days: number) {
    const buckets = bucket ? [await this.of(projectId, bucket)] : await repo.buckets(this.deps.db, projectId);
    const today = this.deps.clock.now();
    const from = new Date(today.getTime() - (days - 1) * 86_400_000);
    const rows = await repo.usage(this.deps.db, buckets.map((b) => b.id), dayOf(from));
    const byDay = new Map<string, { uploads: number; uploadBytes: number; downloads: number; downloadBytes: number; deletes: number }>();
    for (let i = 0; i < days; i++) byDay.set(dayOf(new Date(from.getTime() + i * 86_400_000)), { uploads: 0, uploadBytes: 0, downloads: 0, downloadBytes: 0, deletes: 0 });
    for (const r of rows) {
      const d = byDay.get(r.day);
      if (!d) continue;
      d.uploads += r.uploads;
      d.uploadBytes += r.uploadBytes;
      d.downloads += r.downloads;
      d.downloadBytes += r.downloadBytes;
      d.deletes += r.deletes;
    }
    return { days: [...byDay].map(([day, v]) => ({ day, ...v })) };
  }
}
