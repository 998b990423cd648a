import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LAYER_LIMITS as L } from '@wharf/rules';
import { buildPackages } from '@wharf/runner';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { zipNodeModules } from './layer-files';
import { layerArchiveKey, type LayerBuildJob } from './layers';
import { layersRepo as repo } from './layers-repo';

/**
 * Builds a layer version from its package.json (a job: any instance running workers takes
 * it): npm in the functions' sandbox, then the `node_modules` zipped into object storage.
 * Ends `ready` or `failed` with npm's log either way; a build whose server died is retried
 * once, then failed by `gaveUp`.
 */
export class LayerBuilder {
  constructor(private readonly deps: Deps) {}

  readonly build = async ({ layerId, version, teamId }: LayerBuildJob): Promise<void> => {
    const { db, config } = this.deps;
    const row = await repo.version(db, layerId, version);
    if (!row || row.state !== 'building' || !row.packageJson) return;
    const dir = path.join(config.functions.dir, 'layer-builds', `${layerId}-${version}-${process.pid}`);
    fs.rmSync(dir, { recursive: true, force: true });
    try {
      const built = await buildPackages({
        dir, packageJson: row.packageJson, registry: config.functions.layerRegistry, timeoutMs: L.buildSeconds * 1000, memoryMb: 1024, logChars: L.buildLogChars,
      });
      if (!built.ok) return await this.#end(layerId, version, teamId, { state: 'failed', buildLog: built.log });
      const zipped = await zipNodeModules(dir);
      if ('refused' in zipped) return await this.#end(layerId, version, teamId, { state: 'failed', buildLog: `${built.log}\nThe layer is too large: ${zipped.refused}.\n`.slice(-L.buildLogChars) });
      const projectId = await repo.projectOf(db, layerId);
      if (!projectId) return;
      const archiveKey = layerArchiveKey(projectId, zipped.sha256);
      await this.deps.storage.put(archiveKey, Readable.from([zipped.zip]), { maxBytes: L.zipBytes });
      await this.#end(layerId, version, teamId, {
        state: 'ready', buildLog: built.log, archiveKey, sha256: zipped.sha256, zipSize: zipped.zip.length, unzippedSize: zipped.unzippedSize, files: zipped.files, packages: zipped.packages, readyAt: this.deps.clock.now(),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  /** A build that failed or died on every attempt: failed, saying so, so the console stops waiting. */
  readonly gaveUp = async ({ layerId, version, teamId }: LayerBuildJob): Promise<void> => {
    const row = await repo.version(this.deps.db, layerId, version);
    if (row?.state !== 'building') return;
    await this.#end(layerId, version, teamId, { state: 'failed', buildLog: `${row.buildLog}\nThe build stopped with the server running it; build the package.json again.\n` });
  };

  async #end(layerId: string, version: number, teamId: string | null, change: Parameters<typeof repo.finishBuild>[3]): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const row = await repo.finishBuild(tx, layerId, version, change);
      if (!row) return;
      await writeAudit(tx, clock, { action: 'cloud-functions.layerBuilt', teamId, actorKind: 'system', targetType: 'function-layer', targetId: layerId, data: { version, state: change.state } });
    });
  }
}
