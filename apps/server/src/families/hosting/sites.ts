import type { HostingSite, HostingVersion } from '@wharf/contract';
import { DEFAULT_HOSTING_CONFIG, HOSTING_LIMITS, LIVE_CHANNEL, type HostingConfig } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx, Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { hostingRepo as repo, type ChannelRow, type SiteRow, type VersionRow } from './repo';
import { WORDS } from './words';

/** A site's address on the user-content origin: the live channel, or a preview channel's. */
export const sitePath = (site: string, channel = LIVE_CHANNEL) => (channel === LIVE_CHANNEL ? `/sites/${site}/` : `/sites/${site}--${channel}/`);

export const versionOut = (v: VersionRow, channels: string[]): HostingVersion => ({ number: v.number, state: v.state, files: v.files, bytes: v.bytes, note: v.note, channels, createdAt: v.createdAt.toISOString() });

/** A project's sites: made, configured, their versions released to channels, and removed. */
export class HostingSites {
  constructor(
    private readonly deps: Deps,
    /** Told after a change commits, so what this instance serves follows at once. */
    readonly changed: (siteName: string) => void,
  ) {}

  async #out(db: DbOrTx, sites: SiteRow[]): Promise<HostingSite[]> {
    const channels = await repo.channels(db, sites.map((s) => s.id));
    return sites.map((s) => {
      const mine = channels.filter((c) => c.siteId === s.id);
      return {
        name: s.name,
        url: this.deps.userContent.url(sitePath(s.name)),
        liveVersion: mine.find((c) => c.name === LIVE_CHANNEL)?.number ?? null,
        channels: mine.map((c) => ({ name: c.name, version: c.number, url: this.deps.userContent.url(sitePath(s.name, c.name)), updatedAt: c.updatedAt.toISOString() })),
        createdAt: s.createdAt.toISOString(),
      };
    });
  }

  async list(projectId: string) {
    return { sites: await this.#out(this.deps.db, await repo.sites(this.deps.db, projectId)) };
  }

  /** The project's site by name (404 for another project's, as for none). */
  async of(db: DbOrTx, projectId: string, name: string, lock = false): Promise<SiteRow> {
    const site = await repo.siteByName(db, name, lock);
    if (!site || site.projectId !== projectId) throw notFound(WORDS.noSite(name));
    return site;
  }

  async create(caller: Caller, projectId: string, name: string) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      if ((await repo.sites(tx, projectId)).length >= HOSTING_LIMITS.sitesPerProject) throw conflict(WORDS.tooManySites(HOSTING_LIMITS.sitesPerProject));
      const site = await repo.insertSite(tx, { projectId, name, config: DEFAULT_HOSTING_CONFIG, createdAt: clock.now() });
      if (!site) throw conflict(WORDS.siteTaken(name));
      await writeAudit(tx, clock, { action: 'hosting.createSite', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'hosting-site', targetId: site.id, data: { projectId, site: name } });
      return { site: (await this.#out(tx, [site]))[0]! };
    });
  }

  /** Rows go at once (the site stops being served); its blobs are let go after the commit. */
  async remove(caller: Caller, projectId: string, name: string, dropFiles: (site: SiteRow) => Promise<void>) {
    const { db, clock } = this.deps;
    const site = await db.transaction(async (tx) => {
      const row = await this.of(tx, projectId, name, true);
      await repo.deleteSite(tx, row.id);
      await writeAudit(tx, clock, { action: 'hosting.deleteSite', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'hosting-site', targetId: row.id, data: { projectId, site: name } });
      return row;
    });
    this.changed(name);
    await dropFiles(site);
    return {};
  }

  async versions(projectId: string, name: string) {
    const { db } = this.deps;
    const site = await this.of(db, projectId, name);
    const [versions, channels] = await Promise.all([repo.versions(db, site.id), repo.channels(db, [site.id])]);
    return { versions: versions.map((v) => versionOut(v, channels.filter((c) => c.versionId === v.id).map((c) => c.name))) };
  }

  /** Points a channel at a ready version, in the caller's transaction or one of its own. */
  async releaseIn(tx: Tx, caller: Caller, site: SiteRow, version: VersionRow, channel: string): Promise<void> {
    const { clock } = this.deps;
    if (version.state !== 'ready') throw new AppError('conflict', WORDS.notReady(version.number));
    const before: ChannelRow | undefined = await repo.channel(tx, site.id, channel);
    if (!before && channel !== LIVE_CHANNEL) {
      const previews = (await repo.channels(tx, [site.id])).filter((c) => c.name !== LIVE_CHANNEL);
      if (previews.length >= HOSTING_LIMITS.previewChannels) throw conflict(WORDS.tooManyChannels(HOSTING_LIMITS.previewChannels));
    }
    await repo.setChannel(tx, { siteId: site.id, name: channel, versionId: version.id, updatedAt: clock.now() });
    await writeAudit(tx, clock, { action: 'hosting.release', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'hosting-site', targetId: site.id, data: { projectId: site.projectId, site: site.name, channel, version: version.number } });
  }

  async release(caller: Caller, projectId: string, name: string, number: number, channel: string) {
    const { db } = this.deps;
    const out = await db.transaction(async (tx) => {
      const site = await this.of(tx, projectId, name, true);
      const version = await repo.version(tx, site.id, number);
      if (!version) throw notFound(WORDS.noVersion(number));
      await this.releaseIn(tx, caller, site, version, channel);
      return { site: (await this.#out(tx, [site]))[0]! };
    });
    this.changed(name);
    return out;
  }

  async deleteChannel(caller: Caller, projectId: string, name: string, channel: string) {
    if (channel === LIVE_CHANNEL) throw new AppError('conflict', WORDS.liveStays);
    const { db, clock } = this.deps;
    const out = await db.transaction(async (tx) => {
      const site = await this.of(tx, projectId, name, true);
      if (!(await repo.deleteChannel(tx, site.id, channel))) throw notFound(WORDS.noChannel(channel));
      await writeAudit(tx, clock, { action: 'hosting.deleteChannel', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'hosting-site', targetId: site.id, data: { projectId, site: name, channel } });
      return { site: (await this.#out(tx, [site]))[0]! };
    });
    this.changed(name);
    return out;
  }

  async config(projectId: string, name: string) {
    return { config: (await this.of(this.deps.db, projectId, name)).config };
  }

  async putConfig(caller: Caller, projectId: string, name: string, config: HostingConfig) {
    const { db, clock } = this.deps;
    const saved = await db.transaction(async (tx) => {
      const site = await this.of(tx, projectId, name, true);
      const row = await repo.updateSite(tx, site.id, { config });
      await writeAudit(tx, clock, { action: 'hosting.putConfig', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'hosting-site', targetId: site.id, data: { projectId, site: name, redirects: config.redirects.length, rewrites: config.rewrites.length, headers: config.headers.length, cleanUrls: config.cleanUrls } });
      return row;
    });
    this.changed(name);
    return { config: saved.config };
  }
}
