import { z } from 'zod';
import { LAYER_LIMITS as L, LAYER_STATES } from '@wharf/rules';
import { refused } from '../../kit/field-errors';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { layerName, projectQuery } from './schemas';

const PREFIX = 'caas/function-manage/v1';

export const functionLayerVersion = z.object({
  layerName: z.string(),
  version: z.number(),
  description: z.string(),
  /** An uploaded zip of `node_modules`, or a `package.json` the server built. */
  source: z.enum(['zip', 'packageJson']),
  state: z.enum(LAYER_STATES),
  packageJson: z.string().nullable(),
  zipSize: z.number(),
  unzippedSize: z.number(),
  files: z.number(),
  /** The packages at the top of its `node_modules`, with their versions. */
  packages: z.array(z.object({ name: z.string(), version: z.string() })),
  /** npm's output for a build (its tail when long). */
  buildLog: z.string(),
  /** Functions whose `$latest` or a published version uses it: it cannot be deleted while any does. */
  usedBy: z.array(z.object({ functionName: z.string(), qualifier: z.string() })),
  createdAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
});
export type FunctionLayerVersion = z.infer<typeof functionLayerVersion>;

export const functionLayer = z.object({
  layerName: z.string(),
  /** The newest version's number and state. */
  latestVersion: z.number(),
  latestState: z.enum(LAYER_STATES),
  versions: z.number(),
  /** The versions a function may use, newest first. */
  readyVersions: z.array(z.number()),
  updatedAt: z.iso.datetime(),
});
export type FunctionLayer = z.infer<typeof functionLayer>;

const layerQuery = projectQuery.extend({ layerName });
const versionQuery = layerQuery.extend({ versionNumber: z.coerce.number().int().min(1) });

const packageJson = z
  .string()
  .max(L.packageJsonBytes)
  .refine((text) => {
    try {
      const doc = JSON.parse(text) as unknown;
      const deps = (doc as { dependencies?: unknown }).dependencies;
      return typeof doc === 'object' && doc !== null && !Array.isArray(doc) && typeof deps === 'object' && deps !== null && Object.keys(deps).length > 0
        && Object.values(deps).every((v) => typeof v === 'string');
    } catch {
      return false;
    }
  }, refused('layerPackageJson'));

export const listLayers = defineEndpoint({
  id: 'cloudFunctions.listLayers',
  method: 'GET',
  prefix: PREFIX,
  path: '/layers',
  access: 'project:cloud.read',
  summary: "The project's layers, each with its newest version",
  query: projectQuery,
  response: okResponse({ layers: z.array(functionLayer) }),
});

export const listLayerVersions = defineEndpoint({
  id: 'cloudFunctions.listLayerVersions',
  method: 'GET',
  prefix: PREFIX,
  path: '/layer/versions',
  access: 'project:cloud.read',
  summary: "A layer's versions, newest first, with each build's state and log and the functions using it",
  query: layerQuery,
  response: okResponse({ versions: z.array(functionLayerVersion) }),
});

export const createLayerVersion = defineEndpoint({
  id: 'cloudFunctions.createLayerVersion',
  method: 'POST',
  prefix: PREFIX,
  path: '/layer/version',
  access: 'project:cloud.manage',
  summary: "Add a layer's next version (making the layer when it is new): a zip of `node_modules` uploaded with the file service, checked like code zips and ready at once; or a `package.json` whose dependencies npm installs in the functions' sandbox, no install script run and only the registry reachable (`building`, then `ready` or `failed` with its log)",
  query: layerQuery,
  body: z.union([
    z.object({ description: z.string().trim().max(256).default(''), objectId: z.uuid() }),
    z.object({ description: z.string().trim().max(256).default(''), packageJson }),
  ]),
  response: okResponse({ version: functionLayerVersion }),
});

export const deleteLayerVersion = defineEndpoint({
  id: 'cloudFunctions.deleteLayerVersion',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/layer/version',
  access: 'project:cloud.manage',
  summary: 'Delete a layer version no function uses (the layer goes with its last version)',
  query: versionQuery,
  response: okResponse({}),
});
