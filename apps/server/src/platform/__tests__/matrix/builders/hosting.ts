import { fileApi, hostingApi as api } from '@wharf/contract';
import { buildZip } from '@wharf/parsers/test-kit';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';

let n = 0;
const fresh = (base: string) => `${base}-${process.pid}-${(n += 1)}`;

/** A fresh site of A's project with version 1 live (its note carries the marker); its name joins the secrets. */
async function site(s: Seed, deployed = true): Promise<{ projectId: string; site: string }> {
  const q = { projectId: s.a.projectId };
  const name = fresh('matrix');
  await ok(await s.a.holder.call(api.createSite, { query: q, body: { name } }), 'site');
  s.secrets.push(name);
  if (deployed) {
    const objectId = await zip(s);
    await ok(await s.a.holder.call(api.deployZip, { query: { ...q, site: name }, body: { objectId, note: s.marker, channel: 'live' } }), 'deploy');
  }
  return { ...q, site: name };
}

async function zip(s: Seed): Promise<string> {
  const bytes = buildZip([{ name: 'index.html', data: `<h1>${s.marker}</h1>` }]);
  const file = await ok<{ object: { objectId: string } }>(await s.a.holder.call(fileApi.uploadObject, { query: { fileName: 'site.zip', contentType: 'application/zip', bizTag: 'file' }, raw: bytes }), 'zip');
  return file.object.objectId;
}

const shared = new WeakMap<Seed, Promise<{ projectId: string; site: string }>>();
/** One deployed site of A's project for the calls that leave it standing (a project holds at most 10 sites). */
function sharedSite(s: Seed) {
  let made = shared.get(s);
  if (!made) shared.set(s, (made = site(s)));
  return made;
}

/** An unfinished version of the shared site, with one file. */
async function uploading(s: Seed): Promise<{ q: { projectId: string; site: string }; version: number }> {
  const q = await sharedSite(s);
  const v = await ok<{ version: { number: number } }>(await s.a.holder.call(api.createVersion, { query: q, body: { note: s.marker } }), 'version');
  await ok(await s.a.holder.call(api.uploadVersionFile, { query: { ...q, version: v.version.number, path: 'index.html' }, raw: Buffer.from(s.marker) }), 'file');
  return { q, version: v.version.number };
}

/** Hosting of A's project. */
export function hostingBuilders(): Builders {
  return {
    'hosting.sites': { build: async (s) => (await sharedSite(s), { query: { projectId: s.a.projectId } }) },
    'hosting.createSite': { build: (s) => ({ query: { projectId: s.a.projectId }, body: { name: fresh('made') } }) },
    'hosting.deleteSite': { build: async (s) => ({ query: await site(s) }) },
    'hosting.versions': { build: async (s) => ({ query: await sharedSite(s) }) },
    'hosting.deployZip': { build: async (s) => ({ query: await sharedSite(s), body: { objectId: await zip(s), note: s.marker } }) },
    'hosting.createVersion': { build: async (s) => ({ query: await sharedSite(s), body: { note: s.marker } }) },
    'hosting.uploadFile': {
      build: async (s) => {
        const { q, version } = await uploading(s);
        return { query: { ...q, version, path: 'about.html' }, raw: Buffer.from(s.marker) };
      },
    },
    'hosting.finalize': {
      build: async (s) => {
        const { q, version } = await uploading(s);
        return { query: q, body: { version, channel: 'live' } };
      },
    },
    'hosting.release': { build: async (s) => ({ query: await sharedSite(s), body: { version: 1, channel: 'beta' } }) },
    'hosting.deleteChannel': {
      build: async (s) => {
        const q = await sharedSite(s);
        const channel = fresh('p').slice(0, 20).replace(/-+$/, '');
        await ok(await s.a.holder.call(api.releaseVersion, { query: q, body: { version: 1, channel } }), 'channel');
        return { query: { ...q, channel } };
      },
    },
    'hosting.config': { build: async (s) => ({ query: await sharedSite(s) }) },
    'hosting.putConfig': { build: async (s) => ({ query: await sharedSite(s), body: { config: { cleanUrls: true, rewrites: [{ source: '**', destination: '/index.html' }] } } }) },
    'hosting.domains': { build: async (s) => ({ query: await sharedSite(s) }) },
    'hosting.addDomain': { build: async (s) => ({ query: await sharedSite(s), body: { domain: `${fresh('www')}.example.com` } }) },
    'hosting.deleteDomain': {
      build: async (s) => {
        const q = await sharedSite(s);
        const domain = `${fresh('gone')}.example.com`;
        await ok(await s.a.holder.call(api.addDomain, { query: q, body: { domain } }), 'domain');
        s.secrets.push(domain);
        return { query: { ...q, domain } };
      },
    },
  };
}
