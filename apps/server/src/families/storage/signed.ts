import type { Deps } from '../../platform/deps';
import { urlSignerOf } from '../files/public';
import type { BucketRow } from './repo';

const subject = (bucket: BucketRow, name: string) => `storage:${bucket.id}:${name}`;

/** The device path of a file: Firebase Storage's shape, the name as one escaped segment. */
export const objectPath = (bucket: string, name: string) => `/storage/v0/b/${bucket}/o/${encodeURIComponent(name)}`;

/** Download links anyone holding them may use until they expire: an HMAC of the bucket, the name and the expiry. */
export class StorageLinks {
  constructor(private readonly deps: Deps) {}

  async sign(bucket: BucketRow, name: string, expiresInSeconds: number): Promise<{ url: string; expiresAt: string }> {
    const expires = this.deps.clock.now().getTime() + expiresInSeconds * 1000;
    const sig = await urlSignerOf(this.deps).sign(subject(bucket, name), expires);
    return { url: `${this.deps.userContent.url(objectPath(bucket.name, name))}?alt=media&expires=${expires}&sig=${sig}`, expiresAt: new Date(expires).toISOString() };
  }

  verify(bucket: BucketRow, name: string, expires: number, sig: string): Promise<boolean> {
    return urlSignerOf(this.deps).verify(subject(bucket, name), expires, sig);
  }
}
