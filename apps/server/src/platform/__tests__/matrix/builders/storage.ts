import { storageApi as api } from '@wharf/contract';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';

const enabled = new WeakMap<Seed, Promise<string>>();
let n = 0;
const fresh = (base: string) => `${base}-${process.pid}-${(n += 1)}`;

/** A's project with Cloud Storage on (once per seed): its default bucket's name joins the secrets. */
function bucketOf(s: Seed): Promise<string> {
  let made = enabled.get(s);
  if (!made) {
    made = (async () => {
      const res = await ok<{ bucket: { name: string } }>(await s.a.holder.call(api.enableStorageService, { query: { projectId: s.a.projectId } }), 'storage on');
      s.secrets.push(res.bucket.name);
      return res.bucket.name;
    })();
    enabled.set(s, made);
  }
  return made;
}

/** A file of A's default bucket, fresh each time, its name carrying the marker. */
async function file(s: Seed): Promise<{ projectId: string; bucket: string; name: string }> {
  const bucket = await bucketOf(s);
  const name = `matrix/${fresh('f')}-${s.marker}.txt`;
  await ok(await s.a.holder.call(api.uploadObject, { query: { projectId: s.a.projectId, bucket, name, contentType: 'text/plain' }, raw: Buffer.from(s.marker) }), 'file');
  return { projectId: s.a.projectId, bucket, name };
}

const bucketQuery = async (s: Seed) => ({ projectId: s.a.projectId, bucket: await bucketOf(s) });

/** Cloud Storage of A's project. */
export function storageBuilders(): Builders {
  return {
    'storage.service': { build: async (s) => (await bucketOf(s), { query: { projectId: s.a.projectId } }) },
    'storage.enable': { build: async (s) => ({ query: { projectId: await s.fresh.project() } }) },
    'storage.createBucket': { build: async (s) => (await bucketOf(s), { query: { projectId: s.a.projectId }, body: { name: fresh('matrix') } }) },
    'storage.deleteBucket': {
      build: async (s) => {
        await bucketOf(s);
        const name = fresh('gone');
        await ok(await s.a.holder.call(api.createBucket, { query: { projectId: s.a.projectId }, body: { name } }), 'bucket');
        s.secrets.push(name);
        return { query: { projectId: s.a.projectId, bucket: name } };
      },
    },
    'storage.list': { build: async (s) => (await file(s), { query: { ...(await bucketQuery(s)), prefix: 'matrix/' } }) },
    'storage.get': { build: async (s) => ({ query: await file(s) }) },
    'storage.upload': { build: async (s) => ({ query: { ...(await bucketQuery(s)), name: `up/${fresh('u')}.txt` }, raw: Buffer.from(s.marker) }) },
    'storage.updateMetadata': { build: async (s) => ({ query: await file(s), body: { metadata: { note: s.marker } } }) },
    'storage.delete': { build: async (s) => ({ query: await bucketQuery(s), body: { names: [(await file(s)).name] } }) },
    'storage.signUrl': { build: async (s) => ({ query: await file(s), body: { expiresInSeconds: 600 } }) },
    'storage.rules': { build: async (s) => ({ query: await bucketQuery(s) }) },
    'storage.putRules': { build: async (s) => ({ query: await bucketQuery(s), body: { rules: [{ match: '/users/{uid}/{rest=**}', read: 'auth.uid == uid', write: 'auth.uid == uid' }] } }) },
    'storage.testRules': { build: async (s) => ({ query: await bucketQuery(s), body: { cases: [{ operation: 'read', path: 'users/a/x', auth: { uid: 'a', anonymous: false } }] } }) },
    'storage.cors': { build: async (s) => ({ query: await bucketQuery(s) }) },
    'storage.putCors': { build: async (s) => ({ query: await bucketQuery(s), body: { cors: [{ origins: ['https://a.example.com'], methods: ['GET'] }] } }) },
    'storage.usage': { build: async (s) => ({ query: { ...(await bucketQuery(s)), days: 7 } }) },
  };
}
