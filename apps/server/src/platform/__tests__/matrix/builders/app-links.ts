import { appLinksApi as api } from '@wharf/contract';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';
import { apiClientHeaders } from './api-clients';
import { appHeaders } from './app-users';

let n = 0;
const fresh = (base: string) => `${base}${process.pid}-${(n += 1)}`;

const prefixes = new WeakMap<Seed, Promise<{ prefixId: string; url: string }>>();
/** One path prefix of A's project for the calls that leave it standing. */
function prefix(s: Seed) {
  let made = prefixes.get(s);
  if (!made)
    prefixes.set(
      s,
      (made = (async () => {
        const name = fresh('mx');
        s.secrets.push(name);
        return (await ok<{ prefix: { prefixId: string; url: string } }>(await s.a.holder.call(api.createPrefix, { query: { projectId: s.a.projectId }, body: { kind: 'path', name } }), 'prefix')).prefix;
      })()),
    );
  return made;
}

/** A fresh link of A's project (its name carries the marker). */
async function link(s: Seed): Promise<{ linkId: string; shortLink: string }> {
  const { prefixId } = await prefix(s);
  const made = await ok<{ link: { linkId: string; shortLink: string } }>(await s.a.holder.call(api.createLink, { query: { projectId: s.a.projectId }, body: { prefixId, deepLink: 'https://example.com/matrix', name: s.marker, androidAppId: s.a.app.appId } }), 'link');
  s.secrets.push(made.link.shortLink);
  return made.link;
}

const body = (prefixId: string) => ({ prefixId, deepLink: 'https://example.com/matrix', name: 'matrix' });
const settings = { allowedHosts: [], perDayLimit: 1000, fingerprintMatching: false, appleTeamId: null };

/** A project's link settings, prefixes, links and statistics; the operator's queue; an app's claims. */
export function appLinksBuilders(): Builders {
  return {
    'appLinks.settings': { build: (s) => ({ query: { projectId: s.a.projectId } }) },
    'appLinks.putSettings': { build: (s) => ({ query: { projectId: s.a.projectId }, body: settings }) },
    'appLinks.prefixes': { build: async (s) => (await prefix(s), { query: { projectId: s.a.projectId } }) },
    'appLinks.createPrefix': { build: (s) => ({ query: { projectId: s.a.projectId }, body: { kind: 'path', name: fresh('mxn') } }) },
    'appLinks.deletePrefix': {
      build: async (s) => {
        const made = await ok<{ prefix: { prefixId: string } }>(await s.a.holder.call(api.createPrefix, { query: { projectId: s.a.projectId }, body: { kind: 'path', name: fresh('mxd') } }), 'prefix');
        return { params: { prefixId: made.prefix.prefixId }, query: { projectId: s.a.projectId } };
      },
    },
    'appLinks.links': { build: async (s) => (await link(s), { query: { projectId: s.a.projectId, withTotal: 'true' } }) },
    'appLinks.createLink': { build: async (s) => ({ query: { projectId: s.a.projectId }, body: body((await prefix(s)).prefixId) }) },
    'appLinks.link': { build: async (s) => ({ params: { linkId: (await link(s)).linkId }, query: { projectId: s.a.projectId } }) },
    'appLinks.updateLink': { build: async (s) => ({ params: { linkId: (await link(s)).linkId }, query: { projectId: s.a.projectId }, body: { deepLink: 'https://example.com/changed', enabled: false } }) },
    'appLinks.deleteLink': { build: async (s) => ({ params: { linkId: (await link(s)).linkId }, query: { projectId: s.a.projectId } }) },
    'appLinks.stats': { build: async (s) => ({ params: { linkId: (await link(s)).linkId }, query: { projectId: s.a.projectId } }) },
    'appLinks.bulkCreate': { build: async (s) => ({ query: { projectId: s.a.projectId }, body: { links: [body((await prefix(s)).prefixId)] }, headers: await apiClientHeaders(s.t, s.a.holder) }) },
    'appLinks.reports': { build: async () => ({}) },
    'appLinks.decideReport': {
      build: async (s) => {
        const l = await link(s);
        await s.t.deps.userContent.app.inject({ method: 'POST', url: '/l/report', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `link=${l.linkId}&reason=matrix` });
        const reports = (await s.op.call(api.listLinkReports)).json().reports as Array<{ reportId: string; linkId: string }>;
        return { params: { reportId: reports.find((r) => r.linkId === l.linkId)!.reportId }, body: { decision: 'dismiss' } };
      },
    },
    'appLinks.claim': { build: async (s) => ({ headers: await appHeaders(s.a.holder, s.a.app.appId), body: { osVersion: '14' } }) },
    'appLinks.resolve': { build: async (s) => ({ headers: await appHeaders(s.a.holder, s.a.app.appId), body: { url: (await link(s)).shortLink } }) },
  };
}
