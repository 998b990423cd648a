import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_ROOTS } from '@wharf/contract';
import type { Config } from '../../config';

/** The origin of a configured URL, or null for '' (this origin) and anything unparsable. */
function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Where the console may send requests: itself, the zone gateways and the report collectors. */
export function connectSources(config: Config): string[] {
  const urls = [...Object.values(config.zoneGateways), ...Object.values(config.zoneReportUrls), config.haReportUrl, config.errorReportUrl];
  return ["'self'", ...new Set(urls.map(originOf).filter((o): o is string => o !== null))];
}

/**
 * What an answer of the API carries (JSON, files, event streams: never a page to render).
 * A policy that allows nothing and no framing at all, as OWASP's REST guidance has it (but
 * the image or video itself, which a browser opening a stored file shows under it), and
 * the two headers a fetch from another origin or a sniffing browser heeds; the console's
 * document policy (its sources, its frame origins) and the headers only documents read are
 * left out: they were about 400 bytes of every answer, an eighth of a small call's time
 * (docs/architecture.md, "A short header set on API answers").
 */
const API_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  // Store pages and device downloads are fetched from other origins.
  'Cross-Origin-Resource-Policy': 'cross-origin',
};
const HSTS = { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' };
const API_PREFIXES = API_ROOTS.map((root) => `${root}/`);
const isApi = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Security headers on every answer. A page's policy allows the console's own scripts only;
 * styles may be inline because antd writes its CSS at run time. Framing is allowed to
 * the console itself and the configured portal origins (embedded app mode), through CSP
 * frame-ancestors, which replaces X-Frame-Options (that header cannot name several
 * origins). HSTS is sent only on HTTPS, where browsers honour it.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config, userContentOrigin: () => string | null = () => null): Promise<void> {
  // Pictures and videos people stored (Cloud Storage's previews) come from the user-content
  // origin, which is known once it listens: the policy is worked out at the first request.
  const policyFor = (content: string | null) =>
    helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(content ? [content] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connectSources(config),
        mediaSrc: ["'self'", 'blob:', ...(content ? [content] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...config.frameAncestors],
      },
    },
    frameguard: false,
    hsts: false,
    crossOriginEmbedderPolicy: false,
    // Store pages and device downloads are fetched from other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  let headers: Record<string, string> | null = null;
  let documentsOverTls: Record<string, string> = {};
  const apiOverTls = { ...API_HEADERS, ...HSTS };
  // Every answer, also refusals and "not found" (onRequest runs for those too).
  app.addHook('onRequest', (req, reply, done) => {
    if (!headers) {
      headers = policyFor(originOf(userContentOrigin()));
      documentsOverTls = { ...headers, ...HSTS };
    }
    const tls = req.protocol === 'https';
    if (isApi(req.url)) reply.headers(tls ? apiOverTls : API_HEADERS);
    else reply.headers(tls ? documentsOverTls : headers);
    done();
  });
}

/**
 * The headers helmet sets, worked out once: the policy is the same for every request
 * (no nonces, nothing per request), and building helmet's middleware per request (what
 * the Fastify plugin does) parsed the policy again on every call, a measurable part of
 * the device update check's time (`npm run bench`).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
