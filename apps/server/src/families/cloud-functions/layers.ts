import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FunctionLayerVersion } from '@wharf/contract';
import { LAYER_LIMITS as L } from '@wharf/rules';
import { auditActor, writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { filesOf } from '../files/public';
import { readLayerZip } from './layer-files';
import { layersRepo as repo, type LayerRow, type LayerVersionRow } from './layers-repo';
import { WORDS } from './words';
import { readAll } from './zip';

export const LAYER_BUILD_QUEUE = 'cloud-functions.layer-build';
export interface LayerBuildJob {
  layerId: string;
  version: number;
  teamId: string | null;
}

type CreateInput = { description: string } & ({ objectId: string } | { packageJson: string });

/** Where a layer's zip is kept: by its hash within the project, so the same zip is stored once. */
export const layerArchiveKey = (projectId: string, sha256: string) => `function-layers/${projectId}/${sha256}.zip`;

/** Layers: a project's shared `node_modules`, versioned; uploaded as a zip or built from a package.json (layer-build.ts). */
export class FunctionLayers {
  constructor(private readonly deps: Deps) {}

  async list(projectId: string) {
    const rows = await repo.list(this.deps.db, projectId);
    return { layers: rows.map((r) => ({ layerName: r.name, latestVersion: r.latestVersion ?? 0, latestState: r.latestState ?? 'failed', versions: r.versions, readyVersions: r.ready, updatedAt: r.updatedAt.toISOString() })) };
  }

  async versions(projectId: string, layerName: string) {
    const { db } = this.deps;
    const layer = await this.#found(db, projectId, layerName);
    const [rows, used] = await Promise.all([repo.versions(db, layer.id), repo.usedBy(db, projectId, layer.id)]);
    return { versions: rows.map((v) => layerVersionOut(layer, v, used)) };
  }

  async #found(db: DbOrTx, projectId: string, name: string, lock = false): Promise<LayerRow> {
    const layer = await repo.byName(db, projectId, name, lock);
    if (!layer) throw notFound(WORDS.noLayer(name));
    return layer;
  }

  async create(caller: Caller, projectId: string, layerName: string, input: CreateInput) {
    const { db, clock, storage } = this.deps;
    let ready: Partial<LayerVersionRow> = {};
    if ('objectId' in input) {
      // Checked and stored before the transaction: a zip that is refused changes nothing.
      const file = await filesOf(this.deps).get(caller, input.objectId);
      if (file.size > L.zipBytes) throw new AppError('tooLarge', WORDS.layerZipTooLarge);
      const zip = await readAll(await storage.get(file.storageKey), L.zipBytes);
      const read = await readLayerZip(zip);
      const sha256 = createHash('sha256').update(zip).digest('hex');
      const archiveKey = layerArchiveKey(projectId, sha256);
      await storage.put(archiveKey, Readable.from([zip]), { maxBytes: L.zipBytes });
      ready = { state: 'ready', archiveKey, sha256, zipSize: zip.length, unzippedSize: read.unzippedSize, files: Object.keys(read.files).length, packages: read.packages, readyAt: clock.now() };
    }
    const out = await db.transaction(async (tx) => {
      const now = clock.now();
      const known = await repo.byName(tx, projectId, layerName);
      if (!known && (await repo.count(tx, projectId)) >= L.layersPerProject) throw conflict(WORDS.tooManyLayers(L.layersPerProject));
      const layer = await repo.upsert(tx, projectId, layerName, now);
      if ((await repo.versions(tx, layer.id)).length >= L.versionsPerLayer) throw conflict(WORDS.tooManyLayerVersions(L.versionsPerLayer));
      const version = layer.lastVersion + 1;
      await repo.touch(tx, layer.id, { lastVersion: version, updatedAt: now });
      const row = await repo.insertVersion(tx, {
        layerId: layer.id, version, description: input.description, source: 'objectId' in input ? 'zip' : 'packageJson', state: 'building',
        packageJson: 'packageJson' in input ? input.packageJson : null, createdBy: caller.kind === 'api-client' ? null : caller.userId, createdAt: now, ...ready,
      });
      await writeAudit(tx, clock, {
        action: 'cloud-functions.createLayerVersion', teamId: caller.teamId, ...auditActor(caller), targetType: 'function-layer', targetId: layer.id,
        data: { projectId, name: layerName, version, source: row.source },
      });
      // The build's job is one of the version's writes: a version is never left building
      // without one, and one that cannot be queued is not added at all.
      if (row.state === 'building') {
        const job: LayerBuildJob = { layerId: layer.id, version: row.version, teamId: caller.teamId };
        const queued = await this.deps.jobs.sendIn<LayerBuildJob>(tx, LAYER_BUILD_QUEUE, job, { retryLimit: 1, retryDelay: 5 }).catch(() => null);
        if (!queued) throw new AppError('unavailable', WORDS.buildNotQueued);
      }
      return { layer, row };
    });
    if (out.row.state === 'building') this.deps.jobs.wake(LAYER_BUILD_QUEUE);
    return { version: layerVersionOut(out.layer, out.row, []) };
  }

  async remove(caller: Caller, projectId: string, layerName: string, version: number) {
    const { db, clock, storage } = this.deps;
    const archive = await db.transaction(async (tx) => {
      const layer = await this.#found(tx, projectId, layerName, true);
      const row = await repo.version(tx, layer.id, version, true);
      if (!row) throw notFound(WORDS.noLayerVersion(layerName, version));
      const used = (await repo.usedBy(tx, projectId, layer.id, version)).map((u) => `${u.functionName}:${u.qualifier}`);
      if (used.length > 0) throw conflict(WORDS.layerInUse(layerName, version, used.slice(0, 5)));
      await repo.removeVersion(tx, layer.id, version);
      // A layer goes with its last version; its numbers would start again if it came back, which no function can still name.
      if ((await repo.versions(tx, layer.id)).length === 0) await repo.removeLayer(tx, layer.id);
      await writeAudit(tx, clock, {
        action: 'cloud-functions.deleteLayerVersion', teamId: caller.teamId, ...auditActor(caller), targetType: 'function-layer', targetId: layer.id,
        data: { projectId, name: layerName, version },
      });
      return row.archiveKey && !(await repo.archiveShared(tx, row.archiveKey)) ? row.archiveKey : null;
    });
    if (archive) void storage.delete(archive).catch(() => undefined);
    return {};
  }
}

export function layerVersionOut(layer: LayerRow, v: LayerVersionRow, used: { functionName: string; qualifier: string; version: number }[]): FunctionLayerVersion {
  return {
    layerName: layer.name,
    version: v.version,
    description: v.description,
    source: v.source,
    state: v.state,
    packageJson: v.packageJson,
    zipSize: v.zipSize,
    unzippedSize: v.unzippedSize,
    files: v.files,
    packages: v.packages,
    buildLog: v.buildLog,
    usedBy: used.filter((u) => u.version === v.version).map((u) => ({ functionName: u.functionName, qualifier: u.qualifier })),
    createdAt: v.createdAt.toISOString(),
    readyAt: v.readyAt?.toISOString() ?? null,
  };
}
