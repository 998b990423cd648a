import type { Readable } from 'node:stream';
import { DEFAULT_CONTENT_TYPE } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import type { StorageBuckets } from './buckets';
import type { StorageObjects } from './objects';
import { objectOut } from './present';
import type { StorageLinks } from './signed';

/**
 * What the project's members do with files in the console: not held to the bucket's rules
 * (as Firebase's console is not), each change audited.
 */
export class StorageConsole {
  constructor(
    private readonly deps: Deps,
    private readonly buckets: StorageBuckets,
    private readonly objects: StorageObjects,
    private readonly links: StorageLinks,
  ) {}

  #audit(caller: Caller, action: 'storage.upload' | 'storage.updateMetadata', projectId: string, bucket: string) {
    return async (tx: Parameters<typeof writeAudit>[0], row: { name: string; size: number }) =>
      writeAudit(tx, this.deps.clock, { action, teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'storage-object', targetId: `${bucket}/${row.name}`.slice(0, 1100), data: { projectId, bucket, name: row.name, size: row.size } });
  }

  async list(projectId: string, q: { bucket: string; prefix: string; pageSize: number; cursor?: string | undefined }) {
    const bucket = await this.buckets.of(projectId, q.bucket);
    const page = await this.objects.list(bucket, q.prefix, q.pageSize, q.cursor);
    return { folders: page.folders, objects: page.objects.map(objectOut), nextCursor: page.nextCursor };
  }

  async get(projectId: string, bucketName: string, name: string) {
    const bucket = await this.buckets.of(projectId, bucketName);
    return { object: objectOut(await this.objects.get(bucket, name)) };
  }

  async upload(caller: Caller, projectId: string, q: { bucket: string; name: string; contentType?: string | undefined }, body: Readable) {
    const bucket = await this.buckets.of(projectId, q.bucket);
    const input = { contentType: q.contentType ?? DEFAULT_CONTENT_TYPE, cacheControl: null, metadata: {}, owner: null };
    const row = await this.objects.write(bucket, q.name, body, input, undefined, this.#audit(caller, 'storage.upload', projectId, bucket.name));
    return { object: objectOut(row) };
  }

  async updateMetadata(caller: Caller, projectId: string, q: { bucket: string; name: string }, change: { contentType?: string | undefined; cacheControl?: string | null | undefined; metadata?: Record<string, string> | undefined }) {
    const bucket = await this.buckets.of(projectId, q.bucket);
    const row = await this.objects.updateMetadata(bucket, q.name, change, undefined, this.#audit(caller, 'storage.updateMetadata', projectId, bucket.name));
    return { object: objectOut(row) };
  }

  async delete(caller: Caller, projectId: string, bucketName: string, names: string[], folders: string[]) {
    const bucket = await this.buckets.of(projectId, bucketName);
    return this.objects.delete(bucket, names, folders, undefined, async (tx, deleted) =>
      writeAudit(tx, this.deps.clock, {
        action: 'storage.delete', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'storage-bucket', targetId: bucket.id,
        data: { projectId, bucket: bucket.name, count: deleted.length, names: deleted.slice(0, 20).map((r) => r.name), folders },
      }),
    );
  }

  async sign(projectId: string, bucketName: string, name: string, expiresInSeconds: number) {
    const bucket = await this.buckets.of(projectId, bucketName);
    await this.objects.get(bucket, name);
    return this.links.sign(bucket, name, expiresInSeconds);
  }
}
