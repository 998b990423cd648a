import { randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { APP_LINK_LIMITS, chooseDestination, type LinkDestination, type LinkPlatform, type LinkTargets } from '@wharf/rules';
import type { LinkSettings } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { countryOfAcceptLanguage, languageOfAcceptLanguage } from '../../platform/http/accept-language';
import { KeptReads } from '../../platform/kept-reads';
import { rateKey } from '../../platform/rate-limit';
import { fingerprintOf } from './fingerprint';
import { longLinkTargets } from './long-links';
import type { LinkMeter, Slice } from './meter';
import { goneBody, notFoundBody, previewBody } from './pages';
import { appLinksRepo as repo, type LinkRow, type PrefixRow } from './repo';
import { settingsOf } from './settings';

const STORE_SITE: Record<string, string> = { zh: 'cn', ru: 'ru' };

function classify(ua: string): LinkPlatform {
  if (isbot(ua)) return 'crawler';
  // Only the system is asked of the parser: the browser, engine and device are not needed.
  switch (Bowser.getParser(ua, true).getOSName()) {
    case 'Android':
      return 'android';
    case 'HarmonyOS':
      return 'harmony';
    case 'iOS':
    case 'iPadOS':
      return 'ios';
    default:
      return 'desktop';
  }
}

// Clicks come from few distinct User-Agents (a campaign's audience shares browsers): each is
// classified once per instance, the oldest forgotten past 2,000.
const PLATFORMS = new Map<string, LinkPlatform>();

export function platformOf(ua: string | undefined): LinkPlatform {
  if (!ua) return 'desktop';
  let platform = PLATFORMS.get(ua);
  if (platform === undefined) {
    platform = classify(ua.slice(0, 512));
    if (PLATFORMS.size >= 2000) PLATFORMS.delete(PLATFORMS.keys().next().value!);
    PLATFORMS.set(ua, platform);
  }
  return platform;
}

/** Where a kept link sends each platform, worked out once per kept row (its UTM parameters added). */
const DESTINATIONS = new WeakMap<LinkTargets, Map<LinkPlatform, LinkDestination>>();
function destinationOf(targets: LinkTargets, platform: LinkPlatform): LinkDestination {
  let known = DESTINATIONS.get(targets);
  if (!known) DESTINATIONS.set(targets, (known = new Map()));
  let to = known.get(platform);
  if (!to) known.set(platform, (to = chooseDestination(targets, platform)));
  return to;
}

const referrerOf = (req: FastifyRequest) => {
  const r = req.headers.referer;
  if (typeof r !== 'string') return 'direct';
  try {
    return new URL(r).hostname.slice(0, 100) || 'direct';
  } catch {
    return 'direct';
  }
};

/**
 * The redirect: a short link (or a long one) found through per-instance kept reads, the
 * click counted in memory, and the person sent where their platform should go. A phone
 * without the app goes to its store page with a one-time token the app's first open claims.
 */
export class LinkServer {
  readonly #prefixes: KeptReads<PrefixRow | null>;
  readonly #links: KeptReads<LinkRow | null>;
  readonly #settings: KeptReads<LinkSettings>;

  constructor(
    private readonly deps: Deps,
    private readonly meter: LinkMeter,
  ) {
    this.#prefixes = new KeptReads(deps);
    this.#links = new KeptReads(deps);
    this.#settings = new KeptReads(deps, 1000);
  }

  prefix(kind: 'path' | 'host', name: string): Promise<PrefixRow | null> {
    return this.#prefixes.get(`${kind}|${name}`, async () => (await repo.servedPrefix(this.deps.db, kind, name)) ?? null);
  }

  settings(projectId: string): Promise<LinkSettings> {
    return this.#settings.get(projectId, () => settingsOf(this.deps.db, projectId));
  }

  forgetPrefix(kind: 'path' | 'host', name: string): void {
    this.#prefixes.forget(`${kind}|${name}`);
  }

  forgetLink(prefixId: string, suffixKey: string): void {
    this.#links.forget(`${prefixId}|${suffixKey}`);
  }

  forgetSettings(projectId: string): void {
    this.#settings.forget(projectId);
  }

  /** Answers a click on `<prefix URL><suffix>` (an empty suffix with `?link=`: a long link). */
  async click(req: FastifyRequest, reply: FastifyReply, prefix: PrefixRow, suffix: string, query: Record<string, string>) {
    const { deps } = this;
    const limits = deps.config.rateLimits;
    const ip = req.ip;
    for (const [cls, who] of [['linkClick', ip], ['linkPrefix', prefix.id]] as const) {
      const verdict = await deps.rateLimits.hit(rateKey(cls, cls === 'linkClick' ? 'ip' : 'prefix', who), limits[cls]!);
      if (!verdict.allowed) return reply.status(429).header('retry-after', String(verdict.retryAfterSeconds)).type('text/plain; charset=utf-8').send('Too many requests');
    }
    const lang = req.headers['accept-language'];
    let link: LinkRow | null = null;
    let targets: LinkTargets | null;
    if (suffix === '') {
      targets = await longLinkTargets(deps.db, prefix.projectId, await this.settings(prefix.projectId), query);
    } else {
      const key = suffix.toLowerCase();
      link = await this.#links.get(`${prefix.id}|${key}`, async () => (await repo.bySuffix(deps.db, prefix.id, key)) ?? null);
      if (!link || link.deletedAt || link.state === 'disabled') return this.page(reply, 404, notFoundBody(lang));
      if (link.state === 'takenDown') return this.page(reply, 410, goneBody(lang, 'takenDown'));
      if (link.expiresAt && link.expiresAt <= deps.clock.now()) return this.page(reply, 410, goneBody(lang, 'expired'));
      targets = link.targets;
    }
    if (!targets) return this.page(reply, 404, notFoundBody(lang));
    const platform = query.preview === '1' ? 'crawler' : platformOf(req.headers['user-agent']);
    const slice: Slice = { platform, country: countryOfAcceptLanguage(lang) ?? 'ZZ', referrer: referrerOf(req) };
    // A HEAD (a link checker, a preview's probe) is answered alike but is no click and keeps no deep link.
    const counted = link !== null && query.preview !== '1' && req.method !== 'HEAD' ? link : null;
    if (counted) this.meter.count(counted.id, 'click', slice);
    const to = link ? destinationOf(targets, platform) : chooseDestination(targets, platform);
    if (to.kind === 'preview') return this.page(reply, 200, previewBody(lang, targets, link ? { linkId: link.id, reportUrl: deps.userContent.url('/l/report') } : null), 'private, max-age=60');
    if (to.kind === 'url') return reply.status(302).header('location', to.url).header('cache-control', 'private, no-store').send();
    // The console's store page in the visitor's language (its routes are in the hash); the
    // token rides in its referrer parameter, which the store hands to the app it installs.
    const site = STORE_SITE[(languageOfAcceptLanguage(lang) ?? 'en').slice(0, 2).toLowerCase()] ?? 'en';
    const referrer = counted ? `?referrer=${encodeURIComponent(`wharf_link=${await this.waitingLink(req, counted, to.appId)}`)}` : '';
    return reply.status(302).header('location', `${deps.userContent.consoleOrigin}/${site}/#/store/${to.appId}${referrer}`).header('cache-control', 'private, no-store').send();
  }

  /** Keeps the deep link for the app's first open: a one-time token, and a coarse fingerprint where the project allows it. */
  private async waitingLink(req: FastifyRequest, link: LinkRow, appId: string): Promise<string> {
    const { db, clock } = this.deps;
    const settings = await this.settings(link.projectId);
    const token = randomBytes(18).toString('base64url');
    const now = clock.now();
    const fingerprint = settings.fingerprintMatching ? fingerprintOf(req.ip, platformOf(req.headers['user-agent']), Bowser.getParser(req.headers['user-agent'] ?? '', true).getOSVersion() ?? '', req.headers['accept-language']) : null;
    await repo.insertClaim(db, { token, linkId: link.id, projectId: link.projectId, appId, fingerprint, createdAt: now, expiresAt: new Date(now.getTime() + APP_LINK_LIMITS.claimTokenHours * 3_600_000) });
    return token;
  }

  private page(reply: FastifyReply, status: number, body: string, cache = 'no-store') {
    return reply
      .status(status)
      .header('cache-control', cache)
      .header('content-security-policy', "default-src 'none'; img-src https: http:; style-src 'unsafe-inline'; form-action 'self' " + new URL(this.deps.userContent.origin).origin + "; frame-ancestors 'none'; base-uri 'none'")
      .type('text/html; charset=utf-8')
      .send(body);
  }
}
