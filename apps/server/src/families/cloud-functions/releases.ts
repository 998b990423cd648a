import { FUNCTION_LIMITS } from '@wharf/rules';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { changeFunction, type OnFunctionChanged } from './changes';
import { copyEnv } from './env';
import { aliasOut, triggerPath, versionOut } from './out';
import { cloudFunctionsRepo as repo, type AliasRow, type FunctionRow } from './repo';
import { auditFunction, foundFunction } from './found';
import { WORDS } from './words';
import { layersRepo } from './layers-repo';

export interface AliasInput {
  version: number;
  additionalVersion: number | null;
  additionalWeight: number;
  description: string;
}

/** Versions (published `$latest`, never changed) and the aliases that send calls to them. */
export class CloudFunctionReleases {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'pubsub' | 'userContent' | 'storage'>,
    private readonly onChanged?: OnFunctionChanged,
  ) {}

  /** Zips no code uses any more: removed from storage after the change (a failure leaves a stray object, never a missing one). */
  #dropArchives(keys: string[]): void {
    for (const key of keys) void this.deps.storage.delete(key).catch(() => undefined);
  }



  async publish(caller: Caller, projectId: string, functionId: string, description: string) {
    const { clock, secrets } = this.deps;
    return changeFunction(this.deps, this.onChanged, functionId, async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      const existing = await repo.versions(tx, functionId);
      if (existing.length >= FUNCTION_LIMITS.versionsPerFunction) throw conflict(WORDS.tooManyVersions(FUNCTION_LIMITS.versionsPerFunction));
      const version = fn.lastVersion + 1;
      const envSecretId = await copyEnv(secrets, tx, fn.envSecretId, { projectId, name: `function:${functionId}:v${version}` });
      const row = await repo.insertVersion(tx, {
        functionId, version, description, handler: fn.handler, memoryMb: fn.memoryMb, timeoutSeconds: fn.timeoutSeconds,
        concurrency: fn.concurrency, codeSha256: fn.codeSha256, envSecretId, layers: fn.layers, createdAt: clock.now(),
      });
      await repo.update(tx, functionId, { lastVersion: version });
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.publish', fn, { version });
      const size = (await repo.codeMeta(tx, [functionId])).get(`${functionId}:${fn.codeSha256}`)?.size ?? 0;
      return { version: versionOut(row, size, [], await layersRepo.names(tx, projectId)) };
    });
  }

  async versions(projectId: string, functionId: string) {
    const { db } = this.deps;
    await foundFunction(db, projectId, functionId);
    const [rows, aliases, meta, names] = await Promise.all([repo.versions(db, functionId), repo.aliases(db, functionId), repo.codeMeta(db, [functionId]), layersRepo.names(db, projectId)]);
    return { versions: rows.map((v) => versionOut(v, meta.get(`${functionId}:${v.codeSha256}`)?.size ?? 0, aliases, names)) };
  }

  async deleteVersion(caller: Caller, projectId: string, functionId: string, version: number) {
    const { secrets } = this.deps;
    const dropped = await changeFunction(this.deps, this.onChanged, functionId, async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      const users = (await repo.aliases(tx, functionId)).filter((a) => a.version === version || a.additionalVersion === version);
      if (users.length > 0) throw conflict(WORDS.versionInUse(version, users.map((a) => a.name)));
      const gone = await repo.removeVersion(tx, functionId, version);
      if (!gone) throw notFound(WORDS.noVersion(version));
      if (gone.envSecretId) await secrets.remove(tx, gone.envSecretId);
      const archives = await repo.dropUnusedCode(tx, functionId, fn.codeSha256);
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.deleteVersion', fn, { version });
      return archives;
    });
    this.#dropArchives(dropped);
    return {};
  }

  #aliasBase(fn: FunctionRow): string {
    return this.deps.userContent.url(triggerPath(fn.projectId, fn.name));
  }

  async aliases(projectId: string, functionId: string) {
    const { db } = this.deps;
    const fn = await foundFunction(db, projectId, functionId);
    return { aliases: (await repo.aliases(db, functionId)).map((a) => aliasOut(a, this.#aliasBase(fn))) };
  }

  async #checkVersions(tx: DbOrTx, functionId: string, input: AliasInput): Promise<void> {
    for (const v of [input.version, input.additionalVersion]) {
      if (v !== null && !(await repo.version(tx, functionId, v))) throw invalidInput(WORDS.noVersion(v));
    }
  }

  async createAlias(caller: Caller, projectId: string, functionId: string, name: string, input: AliasInput) {
    const { clock } = this.deps;
    return changeFunction(this.deps, this.onChanged, functionId, async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      await this.#checkVersions(tx, functionId, input);
      if ((await repo.aliases(tx, functionId)).length >= FUNCTION_LIMITS.aliasesPerFunction) throw conflict(WORDS.tooManyAliases(FUNCTION_LIMITS.aliasesPerFunction));
      const row = await repo.insertAlias(tx, { functionId, name, ...weightOf(input), updatedAt: clock.now() });
      if (!row) throw conflict(WORDS.aliasTaken(name));
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.createAlias', fn, { alias: name, version: row.version, additionalVersion: row.additionalVersion, additionalWeight: row.additionalWeight });
      return { alias: aliasOut(row, this.#aliasBase(fn)) };
    });
  }

  async updateAlias(caller: Caller, projectId: string, functionId: string, name: string, input: AliasInput) {
    const { clock } = this.deps;
    return changeFunction(this.deps, this.onChanged, functionId, async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      await this.#checkVersions(tx, functionId, input);
      const row = await repo.updateAlias(tx, functionId, name, { ...weightOf(input), updatedAt: clock.now() });
      if (!row) throw notFound(WORDS.noAlias(name));
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.updateAlias', fn, { alias: name, version: row.version, additionalVersion: row.additionalVersion, additionalWeight: row.additionalWeight });
      return { alias: aliasOut(row, this.#aliasBase(fn)) };
    });
  }

  async deleteAlias(caller: Caller, projectId: string, functionId: string, name: string) {
    await changeFunction(this.deps, this.onChanged, functionId, async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      if (!(await repo.removeAlias(tx, functionId, name))) throw notFound(WORDS.noAlias(name));
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.deleteAlias', fn, { alias: name });
    });
    return {};
  }
}

/** An alias without an additional version keeps no weight. */
function weightOf(input: AliasInput): Pick<AliasRow, 'version' | 'additionalVersion' | 'additionalWeight' | 'description'> {
  return { version: input.version, additionalVersion: input.additionalVersion, additionalWeight: input.additionalVersion === null ? 0 : input.additionalWeight, description: input.description };
}
