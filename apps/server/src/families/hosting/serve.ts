import type { FastifyReply, FastifyRequest } from 'fastify';
import picomatch from 'picomatch';
import type { HostingConfig } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import { rateKey } from '../../platform/rate-limit';
import { blobKey } from './blobs';
import { hostingRepo as repo, type FileRow, type SiteRow } from './repo';

/** How long an instance trusts what it read of a site's channel and configuration. */
export const SITE_CACHE_MS = 2000;
const VERSIONS_KEPT_IN_MEMORY = 64;

type Matcher = (path: string) => boolean;
interface Served {
  site: SiteRow;
  versionId: string | null;
  at: number;
}

const matchers = new WeakMap<HostingConfig, { redirects: Matcher[]; rewrites: Matcher[]; headers: Matcher[] }>();
function compiled(config: HostingConfig) {
  let m = matchers.get(config);
  if (!m) {
    const compile = (source: string) => picomatch(source, { dot: true });
    m = { redirects: config.redirects.map((r) => compile(r.source)), rewrites: config.rewrites.map((r) => compile(r.source)), headers: config.headers.map((h) => compile(h.source)) };
    matchers.set(config, m);
  }
  return m;
}

type Resolution = { kind: 'file'; file: FileRow; status: 200 | 404 } | { kind: 'redirect'; location: string; status: 301 | 302 } | { kind: 'none' };

/**
 * What a path of a site serves, in Firebase Hosting's order: redirects, the file itself (a
 * folder's index.html, `page.html` for `/page` with clean URLs, a folder without its slash
 * sent to it), rewrites (a single-page app's fallback), then the site's own 404.html.
 */
export function resolvePath(files: ReadonlyMap<string, FileRow>, config: HostingConfig, path: string, query: string): Resolution {
  const m = compiled(config);
  const redirect = config.redirects.findIndex((_r, i) => m.redirects[i]!(path));
  if (redirect >= 0) return { kind: 'redirect', location: config.redirects[redirect]!.destination, status: config.redirects[redirect]!.type };
  const rel = path.slice(1);
  if (rel === '' || rel.endsWith('/')) {
    const index = files.get(`${rel}index.html`);
    if (index) return { kind: 'file', file: index, status: 200 };
  } else {
    const exact = files.get(rel) ?? (config.cleanUrls ? files.get(`${rel}.html`) : undefined);
    if (exact) return { kind: 'file', file: exact, status: 200 };
    if (files.has(`${rel}/index.html`)) return { kind: 'redirect', location: `${path}/${query}`, status: 301 };
  }
  const rewrite = config.rewrites.findIndex((_r, i) => m.rewrites[i]!(path));
  const target = rewrite >= 0 ? files.get(config.rewrites[rewrite]!.destination.slice(1)) : undefined;
  if (target) return { kind: 'file', file: target, status: 200 };
  const notFound = files.get('404.html');
  return notFound ? { kind: 'file', file: notFound, status: 404 } : { kind: 'none' };
}

/**
 * Serves sites from the user-content origin: a channel's version and the site's
 * configuration are read at most every SITE_CACHE_MS, a version's list of files once (it
 * never changes), so a page costs no database query; the bytes stream from the store,
 * Brotli when the browser takes it.
 */
export class HostingServer {
  readonly #served = new Map<string, Served>();
  readonly #files = new Map<string, Map<string, FileRow>>();

  constructor(private readonly deps: Deps) {}

  forget(siteName: string): void {
    for (const key of this.#served.keys()) if (key.startsWith(`${siteName}|`)) this.#served.delete(key);
  }

  async #channel(siteName: string, channel: string): Promise<Served | null> {
    const key = `${siteName}|${channel}`;
    const now = this.deps.clock.now().getTime();
    const hit = this.#served.get(key);
    if (hit && now - hit.at < SITE_CACHE_MS) return hit;
    const site = await repo.siteByName(this.deps.db, siteName);
    if (!site) {
      this.#served.delete(key);
      return null;
    }
    const row = await repo.channel(this.deps.db, site.id, channel);
    const served = { site, versionId: row?.versionId ?? null, at: now };
    if (this.#served.size > 10_000) this.#served.clear();
    this.#served.set(key, served);
    return served;
  }

  async #filesOf(versionId: string): Promise<Map<string, FileRow>> {
    let files = this.#files.get(versionId);
    if (!files) {
      files = new Map((await repo.files(this.deps.db, versionId)).map((f) => [f.path, f]));
      if (this.#files.size >= VERSIONS_KEPT_IN_MEMORY) this.#files.delete(this.#files.keys().next().value!);
      this.#files.set(versionId, files);
    }
    return files;
  }

  /** One request for a site's channel; `path` starts with `/`. */
  async serve(req: FastifyRequest, reply: FastifyReply, siteName: string, channel: string, path: string, query: string) {
    const served = await this.#channel(siteName, channel);
    if (served) {
      const verdict = await this.deps.rateLimits.hit(rateKey('hosting', 'site', siteName), this.deps.config.rateLimits.hosting!);
      if (!verdict.allowed) return reply.status(429).header('retry-after', String(verdict.retryAfterSeconds)).type('text/plain; charset=utf-8').send('Too many requests');
    }
    if (!served?.versionId) return reply.status(404).type('text/plain; charset=utf-8').send(served ? 'Nothing is released on this channel yet' : 'Not found');
    const { site } = served;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return reply.status(400).type('text/plain; charset=utf-8').send('Bad path');
    }
    if (decoded.split('/').some((s) => s === '..' || s === '.') || decoded.includes('\\') || decoded.includes('\0')) return reply.status(400).type('text/plain; charset=utf-8').send('Bad path');
    const resolved = resolvePath(await this.#filesOf(served.versionId), site.config, decoded, query);
    if (resolved.kind === 'none') return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (resolved.kind === 'redirect') return reply.status(resolved.status).header('location', resolved.location).send();
    const { file } = resolved;
    const html = file.contentType.startsWith('text/html');
    reply.status(resolved.status).header('etag', `"${file.sha256}"`).header('cache-control', html ? 'no-cache' : 'public, max-age=3600');
    const m = compiled(site.config);
    site.config.headers.forEach((rule, i) => {
      if (m.headers[i]!(decoded)) for (const h of rule.headers) reply.header(h.key, h.value);
    });
    if (file.brSize !== null) reply.header('vary', 'Accept-Encoding');
    if (resolved.status === 200 && req.headers['if-none-match'] === `"${file.sha256}"`) return reply.status(304).send();
    const br = file.brSize !== null && /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    reply.type(file.contentType).header('content-length', br ? file.brSize : file.size);
    if (br) reply.header('content-encoding', 'br');
    if (req.method === 'HEAD') return reply.send();
    // Read as its range: the store then reads no more than the file holds (a small page, one small buffer).
    const size = br ? file.brSize! : file.size;
    return reply.send(await this.deps.storage.get(blobKey(site, file.sha256, br), size > 0 ? { start: 0, end: size - 1 } : undefined));
  }

  /** The site a verified custom domain serves, remembered for a while. */
  readonly #domains = new Map<string, { site: string | null; at: number }>();
  async siteOfHost(host: string): Promise<string | null> {
    const now = this.deps.clock.now().getTime();
    const hit = this.#domains.get(host);
    if (hit && now - hit.at < 30_000) return hit.site;
    const site = (await repo.siteOfDomain(this.deps.db, host))?.name ?? null;
    if (this.#domains.size > 10_000) this.#domains.clear();
    this.#domains.set(host, { site, at: now });
    return site;
  }
}
