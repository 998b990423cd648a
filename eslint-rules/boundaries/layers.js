// Where families live on each layer, what the shared core and the registries are, and the
// name each layer's folder has in the family it belongs to (one name per family; today's
// contract and web folders still carry older names, mapped here until they are renamed).
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The families every other builds on: they never import a product family. */
export const CORE_FAMILIES = new Set(['accounts', 'console', 'projects', 'apps', 'files']);

export const LAYERS = [
  {
    name: 'server',
    families: 'apps/server/src/families',
    face: ['public.ts'],
    registries: ['apps/server/src/families/index.ts'],
    core: ['apps/server/src/platform/', 'apps/server/src/config/'],
    alias: {},
  },
  {
    name: 'web',
    families: 'apps/web/src/features',
    face: ['public.ts'],
    // The console shell lists the pages; it may also take a family's routes.tsx.
    registries: ['apps/web/src/app/'],
    registryFaces: ['public.ts', 'routes.tsx'],
    core: ['apps/web/src/ui/', 'apps/web/src/request/', 'apps/web/src/session/', 'apps/web/src/report/', 'apps/web/src/upload/'],
    alias: { review: 'versions', team: 'accounts', platform: 'accounts' },
  },
  {
    name: 'contract',
    families: 'packages/contract/src/families',
    // A contract family's index re-exports its schemas and calls: all of it is public API.
    face: ['index.ts'],
    registries: ['packages/contract/src/index.ts'],
    core: ['packages/contract/src/kit/'],
    alias: {
      agreement: 'agreements', app: 'apps', file: 'files', package: 'packages', project: 'projects', qualification: 'qualifications',
      region: 'regions', report: 'reports', version: 'versions', auth: 'accounts', team: 'accounts', operator: 'accounts',
    },
  },
];

const TEST_FILE = /(^|\/)__tests__\/|\.test\.tsx?$|(^|\/)__fixtures__\//;

/** What a file is: its layer, and its family (canonical name) and path inside it, or its role. */
export function classify(absolute, root = ROOT) {
  const rel = path.relative(root, absolute).split(path.sep).join('/');
  for (const layer of LAYERS) {
    const prefix = `${layer.families}/`;
    if (rel.startsWith(prefix)) {
      const [folder, ...rest] = rel.slice(prefix.length).split('/');
      if (!rest.length) return { layer, rel, role: 'registry', test: false };
      return { layer, rel, role: 'family', folder, family: layer.alias[folder] ?? folder, inner: rest.join('/'), test: TEST_FILE.test(rel) };
    }
    if (layer.registries.some((r) => (r.endsWith('/') ? rel.startsWith(r) : rel === r))) return { layer, rel, role: 'registry', test: TEST_FILE.test(rel) };
    if (layer.core.some((c) => rel.startsWith(c))) return { layer, rel, role: 'core', test: TEST_FILE.test(rel) };
  }
  return null;
}
