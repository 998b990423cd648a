import type { FastifyInstance } from 'fastify';
import { APP_CLIENT_HEADERS, HEADERS, parseAccess } from '@wharf/contract';

const ALLOW_HEADERS = [APP_CLIENT_HEADERS.clientId, APP_CLIENT_HEADERS.apiKey, APP_CLIENT_HEADERS.packageName, 'authorization', 'content-type', HEADERS.language].join(', ');
const EXPOSE_HEADERS = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After';

/**
 * Browsers may call the `app-client` level from any site: its calls carry no cookie (the
 * key and the app user's token travel in headers), so `*` lends no ambient authority. A key
 * restricted to web origins is refused for other sites by the access check, and the
 * refusal is readable by the page, so a web app can say why. Nothing else answers CORS.
 * Call before the families register their routes; `finish` after.
 */
export function appClientCors(app: FastifyInstance): { finish(): void } {
  const methodsByUrl = new Map<string, Set<string>>();
  const ids = new Set<string>();
  app.addHook('onRoute', (route) => {
    const endpoint = route.config?.endpoint;
    if (!endpoint || parseAccess(endpoint.access).kind !== 'app-client') return;
    ids.add(endpoint.id);
    const methods = methodsByUrl.get(route.url) ?? new Set<string>();
    for (const m of [route.method].flat()) methods.add(m);
    methodsByUrl.set(route.url, methods);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    const endpoint = req.routeOptions.config?.endpoint;
    if (endpoint && ids.has(endpoint.id)) {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
    done(null, payload);
  });
  return {
    finish() {
      for (const [url, methods] of methodsByUrl) {
        const allow = [...methods].join(', ');
        app.options(url, { schema: { hide: true } }, (_req, reply) => {
          void reply
            .code(204)
            .header('Access-Control-Allow-Origin', '*')
            .header('Access-Control-Allow-Methods', allow)
            .header('Access-Control-Allow-Headers', ALLOW_HEADERS)
            .header('Access-Control-Max-Age', '600')
            .send();
        });
      }
    },
  };
}
