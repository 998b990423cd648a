import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ROOTS } from '@wharf/contract';
import { ENTRY_PATHS } from '@wharf/rules';

/** The same app answers every entry point (`@wharf/rules` ENTRY_PATHS). */
export const SITE_PATHS = ENTRY_PATHS;

/** A browser asking for a page (not a script, an image or an API call). */
export const wantsPage = (req: FastifyRequest) =>
  req.method === 'GET' && !API_ROOTS.some((root) => req.url.startsWith(`${root}/`)) && String(req.headers.accept ?? '').includes('text/html');

/**
 * Serves the built console. Hashed assets are cached for a year; index.html never, so a
 * deploy is seen on the next load.
 */
export async function serveWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      serve: true,
      // Our own headers below; the plugin's default would overwrite them with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // `/docs` is the API reference; each site reaches it under its own path too.
  for (const site of ['en', 'ru']) {
    app.get(`/${site}/docs`, { schema: { hide: true } }, async (_req, reply) => reply.redirect('/docs', 302));
    app.get(`/${site}/docs/`, { schema: { hide: true } }, async (_req, reply) => reply.redirect('/docs', 302));
  }
  for (const url of [...SITE_PATHS, '/en', '/ru', '/hap', '/cis']) {
    app.get(url, { schema: { hide: true } }, async (req, reply) => {
      if (!url.endsWith('/') && !url.endsWith('.html')) return reply.redirect(`${url}/`, 301);
      if (!built) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web console is not built. Run `npm start` (it builds it) or `npm run build -w @wharf/web`.');
      }
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }
}

/**
 * An address that is not the console's, asked for by a browser: the console's own "not
 * found" page (the web app shows it for any path that is not an entry point), with 404.
 * False when the console is not built or the request is not a page navigation.
 */
export function sendNotFoundPage(req: FastifyRequest, reply: FastifyReply, distDir: string): boolean {
  if (!wantsPage(req) || typeof reply.sendFile !== 'function' || !fs.existsSync(path.join(distDir, 'index.html'))) return false;
  void reply.status(404).header('Cache-Control', 'no-cache').sendFile('index.html');
  return true;
}
