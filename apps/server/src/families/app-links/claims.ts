import { APP_LINK_LIMITS } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { appsOfProjects } from '../apps/public';
import { fingerprintOf } from './fingerprint';
import type { LinkMeter } from './meter';
import { appLinksRepo as repo, type LinkRow } from './repo';
import type { LinkServer } from './serve';

const NOTHING = { deepLink: null, linkId: null, utm: {}, minVersion: null, matchedBy: null };

/** What an app asks on opening: the deep link that brought it (first open: deferred; later: the link it was opened with). */
export class LinkClaims {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'userContent'>,
    private readonly server: LinkServer,
    private readonly meter: LinkMeter,
  ) {}

  private answer(link: LinkRow, matchedBy: 'token' | 'fingerprint' | 'link', platform: string, country: string) {
    this.meter.count(link.id, matchedBy === 'link' ? 'reopen' : 'firstOpen', { platform, country, referrer: 'app' });
    return { deepLink: link.targets.deepLink, linkId: link.id, utm: link.targets.utm, minVersion: link.targets.androidMinVersion, matchedBy };
  }

  async claim(caller: Caller, ip: string, body: { token?: string | undefined; osVersion?: string | undefined; language?: string | undefined }, country: string) {
    const { db, clock } = this.deps;
    const appId = caller.appId!;
    const platform = (await appsOfProjects(db, [caller.projectId!])).find((a) => a.appId === appId)?.platform ?? 'android';
    const now = clock.now();
    let claimed = body.token ? await repo.claimToken(db, appId, body.token, now) : undefined;
    let by: 'token' | 'fingerprint' = 'token';
    if (!claimed && !body.token && (await this.server.settings(caller.projectId!)).fingerprintMatching) {
      const fingerprint = fingerprintOf(ip, platform, body.osVersion ?? '', body.language);
      claimed = await repo.claimFingerprint(db, appId, fingerprint, new Date(now.getTime() - APP_LINK_LIMITS.fingerprintHours * 3_600_000), now);
      by = 'fingerprint';
    }
    const link = claimed ? await repo.link(db, caller.projectId!, claimed.linkId) : undefined;
    return link && link.state === 'active' ? this.answer(link, by, platform, country) : NOTHING;
  }

  /** The installed app was opened with one of the project's short links. */
  async resolve(caller: Caller, url: string, country: string) {
    const parsed = new URL(url);
    const own = new URL(this.deps.userContent.origin);
    let prefix;
    let suffix: string | undefined;
    if (parsed.host === own.host) {
      const m = /^\/l\/([a-z0-9-]+)\/([A-Za-z0-9_-]+)$/.exec(parsed.pathname);
      if (m) [prefix, suffix] = [await this.server.prefix('path', m[1]!), m[2]];
    } else {
      const m = /^\/([A-Za-z0-9_-]+)$/.exec(parsed.pathname);
      if (m) [prefix, suffix] = [await this.server.prefix('host', parsed.hostname.toLowerCase()), m[1]];
    }
    if (!prefix || !suffix || prefix.projectId !== caller.projectId) return NOTHING;
    const link = await repo.bySuffix(this.deps.db, prefix.id, suffix.toLowerCase());
    if (!link || link.deletedAt || link.state !== 'active' || (link.expiresAt && link.expiresAt <= this.deps.clock.now())) return NOTHING;
    const platform = (await appsOfProjects(this.deps.db, [caller.projectId])).find((a) => a.appId === caller.appId)?.platform ?? 'android';
    return this.answer(link, 'link', platform, country);
  }
}
