import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * Tests that start the real server as a process (crash safety, shutdown, several
 * instances, backup and restore) started it through tsx, which compiles and loads the
 * server's 700 files at every start: 3.5 s to listening, against 2.0 s from one bundle
 * (measured on CI's machine). The run's global setup bundles the server once; starts take
 * the bundle when there is one, else tsx (a single file run by hand).
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const ENTRIES = { main: 'src/main.ts', cli: 'src/ops/cli.ts' } as const;
export type ServerEntry = keyof typeof ENTRIES;

/** Where the run's bundle goes: under the server's node_modules, so the bundle's own imports resolve as the source's do. */
export const bundleDirOf = (runId: string) => path.join(SERVER_DIR, 'node_modules', '.wharf-test-bundle', runId);

/**
 * Bundles the server's entries into `outdir`. npm packages stay outside the bundle (loaded
 * from node_modules as usual); the workspace's own packages and the server's files go in,
 * each `import.meta.url` kept as its source file's, so paths read next to a file
 * (migrations, the PGlite worker, the web build) are the same as from source.
 */
export async function buildServerBundle(outdir: string): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(SERVER_DIR, file)])),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    plugins: [
      {
        name: 'wharf-source-urls',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'entry-point' || args.path.startsWith('@wharf/') ? undefined : { path: args.path, external: true }));
          b.onLoad({ filter: /\.ts$/ }, async (args) => ({
            contents: (await fs.promises.readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: 'ts',
          }));
        },
      },
    ],
  });
}

/** The node arguments that start an entry of the server: the run's bundle, or the source through tsx. */
export function serverArgs(entry: ServerEntry = 'main'): string[] {
  const dir = process.env.WHARF_TEST_SERVER_BUNDLE;
  const bundled = dir ? path.join(dir, `${entry}.mjs`) : null;
  return bundled && fs.existsSync(bundled) ? [bundled] : ['--import', 'tsx', path.join(SERVER_DIR, ENTRIES[entry])];
}
