import type { CloudFunction, FunctionAlias, FunctionVersion } from '@wharf/contract';
import type { AliasRow, CodeMeta, FunctionRow, VersionRow } from './repo';
import type { LayerRef } from './tables';

/** A function's layers by name (a layer deleted since reads as its id, which cannot happen while it is used). */
const layersOut = (refs: LayerRef[], names: Map<string, string>) => refs.map((r) => ({ layerName: names.get(r.layerId) ?? r.layerId, version: r.version }));

/** The HTTP trigger's address of a function, without its qualifier. */
export const triggerPath = (projectId: string, name: string) => `/functions/${projectId}/${name}/`;

export function functionOut(r: FunctionRow, code: CodeMeta | undefined, url: (p: string) => string, layerNames: Map<string, string>): CloudFunction {
  return {
    functionId: r.id,
    projectId: r.projectId,
    name: r.name,
    runtime: 'nodejs20',
    handler: r.handler,
    memoryMb: r.memoryMb,
    timeoutSeconds: r.timeoutSeconds,
    concurrency: r.concurrency,
    description: r.description,
    httpAuth: r.httpAuth,
    env: r.env,
    codeSha256: r.codeSha256,
    codeSize: code?.size ?? 0,
    codeSource: code?.source ?? 'inline',
    entry: code?.entry ?? 'index.js',
    layers: layersOut(r.layers, layerNames),
    latestVersion: r.lastVersion > 0 ? r.lastVersion : null,
    triggerUrl: url(triggerPath(r.projectId, r.name)),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function versionOut(v: VersionRow, codeSize: number, aliases: AliasRow[], layerNames: Map<string, string>): FunctionVersion {
  return {
    version: v.version,
    description: v.description,
    handler: v.handler,
    memoryMb: v.memoryMb,
    timeoutSeconds: v.timeoutSeconds,
    concurrency: v.concurrency,
    codeSha256: v.codeSha256,
    codeSize,
    layers: layersOut(v.layers, layerNames),
    aliases: aliases.filter((a) => a.version === v.version || a.additionalVersion === v.version).map((a) => a.name),
    createdAt: v.createdAt.toISOString(),
  };
}

export function aliasOut(a: AliasRow, base: string): FunctionAlias {
  return {
    name: a.name,
    version: a.version,
    additionalVersion: a.additionalVersion,
    additionalWeight: a.additionalVersion === null ? 0 : a.additionalWeight,
    description: a.description,
    url: `${base}${a.name}`,
    updatedAt: a.updatedAt.toISOString(),
  };
}
