import type { Readable } from 'node:stream';
import { HOSTING_LIMITS } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, invalidInput, notFound } from '../../platform/http/errors';
import { deletePrefix } from '../../platform/storage';
import { readAllUpTo } from '../../platform/storage/read-all';
import { readSafeZip } from '../../platform/zip';
import { fileById } from '../files/public';
import { dropBlobs, storeBlob, type StoredBlob } from './blobs';
import { hostingRepo as repo, type SiteRow, type VersionRow } from './repo';
import { versionOut, type HostingSites } from './sites';
import { WORDS } from './words';

const L = HOSTING_LIMITS;

/** A zip of a built folder (`dist/index.html`…) deploys the folder's contents. */
function withoutCommonFolder(files: Record<string, Buffer>): Record<string, Buffer> {
  const paths = Object.keys(files);
  if (paths.length === 0 || paths.includes('index.html')) return files;
  const first = paths[0]!.split('/')[0]!;
  if (!paths.every((p) => p.startsWith(`${first}/`))) return files;
  return Object.fromEntries(Object.entries(files).map(([p, b]) => [p.slice(first.length + 1), b]));
}

/**
 * Deploys: each a new, numbered version, immutable once ready. From a zip (unpacked with
 * every check of `readSafeZip`), or file by file for a folder. The blobs are written before
 * the rows that name them; versions beyond the newest 30 that no channel serves are pruned.
 */
export class HostingDeploy {
  constructor(
    private readonly deps: Deps,
    private readonly sites: HostingSites,
  ) {}

  async #newVersion(caller: Caller, site: SiteRow, note: string, state: 'uploading' | 'ready') {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const locked = await this.sites.of(tx, site.projectId, site.name, true);
      const number = locked.lastVersion + 1;
      await repo.updateSite(tx, locked.id, { lastVersion: number });
      const version = await repo.insertVersion(tx, { siteId: locked.id, number, state, note, createdAt: clock.now() });
      await writeAudit(tx, clock, { action: 'hosting.deploy', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'hosting-site', targetId: locked.id, data: { projectId: site.projectId, site: site.name, version: number } });
      return version;
    });
  }

  async deployZip(caller: Caller, projectId: string, name: string, input: { objectId: string; note: string; channel?: string | undefined }) {
    const { db, storage } = this.deps;
    const site = await this.sites.of(db, projectId, name);
    const file = await fileById(db, input.objectId);
    if (!file || file.teamId !== caller.teamId || file.state !== 'ready') throw invalidInput(WORDS.noZip);
    const zip = await readAllUpTo(await storage.get(file.storageKey), L.zipBytes);
    if (!zip) throw new AppError('tooLarge', WORDS.zipTooLarge(L.zipBytes / 1024 / 1024));
    const { files } = await readSafeZip(zip, { entries: L.filesPerVersion, unzippedBytes: L.unzippedBytes });
    const entries = Object.entries(withoutCommonFolder(files));
    if (entries.length === 0) throw invalidInput(WORDS.emptyVersion);
    const big = entries.find(([, b]) => b.length > L.fileBytes);
    if (big) throw new AppError('tooLarge', WORDS.tooLarge(L.fileBytes / 1024 / 1024));
    const blobs: (StoredBlob & { path: string })[] = [];
    for (const [path, bytes] of entries) blobs.push({ path, ...(await storeBlob(this.deps, site, path, bytes)) });
    const version = await this.#newVersion(caller, site, input.note, 'uploading');
    return this.#finish(caller, site, version, input.channel, async (tx) => repo.putFiles(tx, blobs.map((b) => ({ versionId: version.id, path: b.path, sha256: b.sha256, size: b.size, contentType: b.contentType, brSize: b.brSize }))));
  }

  async createVersion(caller: Caller, projectId: string, name: string, note: string) {
    const site = await this.sites.of(this.deps.db, projectId, name);
    return { version: versionOut(await this.#newVersion(caller, site, note, 'uploading'), []) };
  }

  async uploadFile(projectId: string, name: string, number: number, path: string, body: Readable) {
    const { db } = this.deps;
    const site = await this.sites.of(db, projectId, name);
    const version = await repo.version(db, site.id, number);
    if (!version) throw notFound(WORDS.noVersion(number));
    if (version.state !== 'uploading') throw new AppError('conflict', WORDS.notUploading(number));
    const bytes = await readAllUpTo(body, L.fileBytes);
    if (!bytes) throw new AppError('tooLarge', WORDS.tooLarge(L.fileBytes / 1024 / 1024));
    const blob = await storeBlob(this.deps, site, path, bytes);
    await db.transaction(async (tx) => {
      const locked = await repo.version(tx, site.id, number, true);
      if (locked?.state !== 'uploading') throw new AppError('conflict', WORDS.notUploading(number));
      if (locked.files >= L.filesPerVersion) throw new AppError('tooLarge', WORDS.tooManyFiles(L.filesPerVersion));
      await repo.putFile(tx, { versionId: locked.id, path, sha256: blob.sha256, size: blob.size, contentType: blob.contentType, brSize: blob.brSize });
      await repo.updateVersion(tx, locked.id, await repo.totals(tx, locked.id));
    });
    return { path, size: blob.size };
  }

  async finalize(caller: Caller, projectId: string, name: string, number: number, channel?: string) {
    const { db } = this.deps;
    const site = await this.sites.of(db, projectId, name);
    const version = await repo.version(db, site.id, number);
    if (!version) throw notFound(WORDS.noVersion(number));
    if (version.state !== 'uploading') throw new AppError('conflict', WORDS.notUploading(number));
    return this.#finish(caller, site, version, channel, async () => undefined);
  }

  /** Fills (when given), marks ready, releases to the channel when named, then prunes. */
  async #finish(caller: Caller, site: SiteRow, version: VersionRow, channel: string | undefined, fill: (tx: Tx) => Promise<void>) {
    const { db } = this.deps;
    const ready = await db.transaction(async (tx) => {
      const locked = await repo.version(tx, site.id, version.number, true);
      if (locked?.state !== 'uploading') throw new AppError('conflict', WORDS.notUploading(version.number));
      await fill(tx);
      const totals = await repo.totals(tx, locked.id);
      if (totals.files === 0) throw invalidInput(WORDS.emptyVersion);
      const row = await repo.updateVersion(tx, locked.id, { ...totals, state: 'ready' });
      if (channel) await this.sites.releaseIn(tx, caller, site, row, channel);
      return row;
    });
    if (channel) this.sites.changed(site.name);
    await this.prune(site);
    return { version: versionOut(ready, channel ? [channel] : []) };
  }

  /** Old versions no channel serves go, and the blobs no version names any more. */
  async prune(site: SiteRow): Promise<void> {
    const { db } = this.deps;
    const old = await repo.prunable(db, site.id, L.versionsKept);
    if (old.length === 0) return;
    const shas = new Set<string>();
    for (const v of old) for (const f of await repo.files(db, v.id)) shas.add(f.sha256);
    await repo.deleteVersions(db, old.map((v) => v.id));
    const used = await repo.blobsInUse(db, site.id, [...shas]);
    await dropBlobs(this.deps, site, [...shas].filter((s) => !used.has(s)));
  }

  /** Every blob of a deleted site (listed from the store: its rows are gone). */
  async dropSite(site: SiteRow): Promise<void> {
    // After the rows went: a failure here leaves bytes nothing names, not a broken site.
    await deletePrefix(this.deps.storage, `hosting/${site.projectId}/${site.id}/`).catch(() => 0);
  }
}
