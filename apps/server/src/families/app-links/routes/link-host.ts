import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateKey } from '../../../platform/rate-limit';
import { thanksBody } from '../pages';
import type { PrefixRow } from '../repo';
import type { AppLinksServices } from './context';

const PATH_LINK = /^\/l\/([a-z0-9-]{3,32})(\/([A-Za-z0-9_-]{0,64}))?$/;
const HOST_LINK = /^\/([A-Za-z0-9_-]{0,64})$/;
const WELL_KNOWN: Record<string, 'assetlinks' | 'apple' | 'harmony'> = {
  '/.well-known/assetlinks.json': 'assetlinks',
  '/.well-known/apple-app-site-association': 'apple',
  '/apple-app-site-association': 'apple',
  '/.well-known/applinking.json': 'harmony',
};

const split = (url: string) => {
  const q = url.indexOf('?');
  return { path: q >= 0 ? url.slice(0, q) : url, query: q >= 0 ? url.slice(q + 1) : '' };
};
const queryOf = (raw: string) => Object.fromEntries([...new URLSearchParams(raw)].filter(([k], i, all) => all.findIndex(([x]) => x === k) === i));

/**
 * Links on the user-content origin: `/l/<prefix>/<suffix>` (and `/l/<prefix>/?link=…`, a long
 * link), a proven host's `/<suffix>`, the association files for both, and the preview page's
 * report form. Nothing of the console is reachable from here.
 */
export function registerLinkHost({ deps, server, association, reports }: AppLinksServices): void {
  const app = deps.userContent.app;
  const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  const document = async (reply: FastifyReply, file: 'assetlinks' | 'apple' | 'harmony', host: PrefixRow | null) =>
    reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').type('application/json').send(await association.document(file, host));

  app.route({
    method: ['GET', 'HEAD'],
    url: '/l/*',
    handler: async (req, reply) => {
      const { path, query } = split(req.url);
      const m = PATH_LINK.exec(path);
      if (!m) return notFound(reply);
      if (m[2] === undefined) return reply.status(301).header('location', `/l/${m[1]}/${query ? `?${query}` : ''}`).send();
      const prefix = await server.prefix('path', m[1]!);
      if (!prefix) return notFound(reply);
      return server.click(req, reply, prefix, m[3]!, queryOf(query));
    },
  });

  for (const [path, file] of Object.entries(WELL_KNOWN)) {
    app.get(path, async (req, reply) => {
      // A custom host (a hosted site's, a link host's) answers for itself first.
      if (await deps.userContent.serveHost(req, reply)) return reply;
      return document(reply, file, null);
    });
  }

  deps.userContent.addHostHandler(async (req: FastifyRequest, reply: FastifyReply, host: string) => {
    const prefix = await server.prefix('host', host);
    if (!prefix) return false;
    const { path, query } = split(req.url);
    const file = WELL_KNOWN[path];
    if (file) await document(reply, file, prefix);
    else if (req.method !== 'GET' && req.method !== 'HEAD') await reply.status(405).header('allow', 'GET, HEAD').send();
    else {
      const m = HOST_LINK.exec(path);
      if (m) await server.click(req, reply, prefix, m[1]!, queryOf(query));
      else await notFound(reply);
    }
    return true;
  });

  // The preview page's form: a report per address at most every few minutes, bounded.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, queryOf(String(body))));
    scope.post('/l/report', async (req, reply) => {
      const verdict = await deps.rateLimits.hit(rateKey('linkReport', 'ip', req.ip), deps.config.rateLimits.linkReport!);
      if (!verdict.allowed) return reply.status(429).header('retry-after', String(verdict.retryAfterSeconds)).type('text/plain; charset=utf-8').send('Too many requests');
      const form = (req.body ?? {}) as Record<string, string>;
      await reports.report(String(form.link ?? ''), String(form.reason ?? ''));
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(thanksBody(req.headers['accept-language']));
    });
  });
}
