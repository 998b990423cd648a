import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, dropTemplate } from '@wharf/server/harness';
import { ROOT_DIR, WEB_DIR, WEB_DIST_DIR } from './paths';

// The browser tests run against the built console, as served in production. Build it
// when it is missing or older than its sources (the app and the packages it bundles).
const SOURCES = [
  path.join(WEB_DIR, 'src'),
  path.join(WEB_DIR, 'index.html'),
  path.join(WEB_DIR, 'vite.config.ts'),
  path.join(ROOT_DIR, 'packages', 'rules', 'src'),
  path.join(ROOT_DIR, 'packages', 'contract', 'src'),
];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Builds the console if needed, and finds the migrated embedded database that every test
 * server starts from (a copy takes well under a second; migrating a fresh one, seconds): made
 * once for the tree and shared with the other test runs (pglite-template-cache.ts).
 */
export default async function setup(project: TestProject) {
  buildWeb();
  const template = await createPgliteTemplate();
  project.provide('e2eDbTemplate', template.dir);
  return () => dropTemplate(template);
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDbTemplate: string;
  }
}

function buildWeb(): void {
  const index = path.join(WEB_DIST_DIR, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map(newestMtime));
  if (builtAt && builtAt >= sourcesAt) return;
  console.log(builtAt ? 'e2e: the web app is older than its sources; rebuilding' : 'e2e: building the web app');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // A production build, as served: vitest runs with NODE_ENV=test, which would give Vite
  // React's development build.
  const res = spawnSync(npm, ['run', 'build', '-w', '@wharf/web'], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0 || !fs.existsSync(index)) {
    throw new Error(`building the web app failed (exit ${res.status}); run \`npm run build -w @wharf/web\``);
  }
}
