import type { FastifyRequest } from 'fastify';
import { decideStorage, DEFAULT_CONTENT_TYPE, objectNameProblem, type CompiledStorageRule, type StorageObjectFacts, type StorageRuleContext, type StorageRuleOperation } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { rateKey } from '../../platform/rate-limit';
import type { StorageBuckets } from './buckets';
import type { WriteCheck } from './objects';
import type { BucketRow, ObjectRow } from './repo';
import { WORDS } from './words';

/** Who calls from a device, as the rules see them. */
export interface DeviceCaller {
  bucket: BucketRow;
  rules: CompiledStorageRule[];
  auth: StorageRuleContext['auth'];
  appId: string | null;
}

export const factsOf = (o: ObjectRow): StorageObjectFacts => ({ size: o.size, contentType: o.contentType, owner: o.owner, metadata: o.metadata });

/**
 * The device side's checks: the bucket, the app's key (and its user's token when sent), the
 * app's project, the shared rate limit, and the bucket's rules for each operation.
 */
export class StorageDevice {
  constructor(
    private readonly deps: Deps,
    private readonly buckets: StorageBuckets,
  ) {}

  async bucket(name: string): Promise<{ row: BucketRow; rules: CompiledStorageRule[] }> {
    const found = await this.buckets.forDevice(name);
    if (!found) throw notFound(WORDS.noBucket(name));
    return found;
  }

  /** The app's key (and user) for a bucket of its project; throws the access layer's own refusals. */
  async caller(req: FastifyRequest, found: { row: BucketRow; rules: CompiledStorageRule[] }): Promise<DeviceCaller> {
    const caller = await this.deps.credentials['app-client'](req, 'optional-user');
    if (caller.projectId !== found.row.projectId) throw forbidden(WORDS.notThisProject);
    await this.limit(`app:${caller.appId}`);
    return { bucket: found.row, rules: found.rules, auth: caller.appUserId ? { uid: caller.appUserId, anonymous: caller.appUserAnonymous } : null, appId: caller.appId };
  }

  async limit(by: string): Promise<void> {
    const verdict = await this.deps.rateLimits.hit(rateKey('storage', 'caller', by), this.deps.config.rateLimits.storage!);
    if (!verdict.allowed) throw new AppError('rateLimited', undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
  }

  /** Refuses unless the bucket's rules allow the operation. */
  allow(c: DeviceCaller, operation: StorageRuleOperation, path: string, resource: StorageObjectFacts | null, request: StorageObjectFacts | null = null): void {
    if (!decideStorage(c.rules, operation, { path, auth: c.auth, resource, request }).allowed) throw forbidden(WORDS.refusedByRules);
  }

  /** The write rule, said again in the write's transaction with the stored file locked and the real size. */
  writeCheck(c: DeviceCaller, name: string): WriteCheck {
    return (_tx, existing, incoming) => this.allow(c, 'write', name, existing ? factsOf(existing) : null, incoming);
  }
}

export function checkedName(name: string): string {
  if (objectNameProblem(name) !== null) throw new AppError('invalidInput', WORDS.badName);
  return name;
}

export function contentTypeOf(value: unknown): string {
  const t = typeof value === 'string' ? value.trim() : '';
  return /^[\w.+-]{1,64}\/[\w.+-]{1,128}(;\s*[\w.+-]+=[\w.+"-]+){0,3}$/.test(t) ? t : DEFAULT_CONTENT_TYPE;
}
