import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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

export default function setup(): void {
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
