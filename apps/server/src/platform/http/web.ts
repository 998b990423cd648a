import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The entry points: the site variants (the path decides the site), AppGallery-Connect-style
 * addresses (which also set the reporting region) and the embedded entries (hap, cis).
 * The same app answers all of them.
 */
export const SITE_PATHS = [
  '/',
  '/en/',
  '/ru/',
  ...['cn', 'en', 'ru'].map((site) => `/consumer/${site}/service/josp/agc/index.html`),
  '/hap/',
  '/cis/',
];

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
