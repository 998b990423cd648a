import { LIVE_CHANNEL } from '@wharf/rules';
import type { HostingServices } from './context';

const SITE = /^\/sites\/([a-z0-9-]{3,84})(\/[^?]*)?(\?.*)?$/;

/**
 * Sites on the user-content origin only (never the console's): `/sites/<site>/…` for the
 * live channel, `/sites/<site>--<channel>/…` for a preview channel, and a verified custom
 * domain's every path by its Host.
 */
export function registerSiteRoutes({ server, deps }: HostingServices): void {
  const app = deps.userContent.app;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/sites/*',
    handler: async (req, reply) => {
      const m = SITE.exec(req.url);
      if (!m) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      const [site, channel = LIVE_CHANNEL] = m[1]!.split('--') as [string, string | undefined];
      if (m[2] === undefined) return reply.status(301).header('location', `/sites/${m[1]}/${m[3] ?? ''}`).send();
      return server.serve(req, reply, site, channel, m[2], m[3] ?? '');
    },
  });
  deps.userContent.addHostHandler(async (req, reply, host) => {
    const site = await server.siteOfHost(host);
    if (!site) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      await reply.status(405).header('allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('Method not allowed');
      return true;
    }
    const q = req.url.indexOf('?');
    await server.serve(req, reply, site, LIVE_CHANNEL, q >= 0 ? req.url.slice(0, q) : req.url, q >= 0 ? req.url.slice(q) : '');
    return true;
  });
}
