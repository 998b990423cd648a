// Proves `npm run new:family` makes a family that passes lint, types and its own tests
// (server, web, and the authorisation matrix that must cover its calls), in a copy of the
// work tree that is removed afterwards. `npm test` runs it; alone: node scripts/check-scaffold.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const NAME = 'scaffold-gadgets';

/** The tree as git sees it (tracked and new files), without installs or build output. */
function copyTree(to) {
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(from, path.join(to, file));
  }
}

/**
 * Installed packages are linked, not copied; the workspace links stay relative so that
 * `@wharf/contract` in the copy is the copy's contract, with the scaffolded family in it.
 */
function linkInstalls(to) {
  for (const dir of ['node_modules', 'apps/server/node_modules']) {
    const from = path.join(ROOT, dir);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.join(to, dir), { recursive: true });
    for (const entry of fs.readdirSync(from)) {
      // The copy's own transformed modules: its paths differ, and two runs writing one cache at once is asking for trouble.
      if (entry === '.experimental-vitest-cache') continue;
      if (entry === '@wharf') {
        fs.mkdirSync(path.join(to, dir, entry));
        for (const pkg of fs.readdirSync(path.join(from, entry))) fs.symlinkSync(fs.readlinkSync(path.join(from, entry, pkg)), path.join(to, dir, entry, pkg));
      } else {
        fs.symlinkSync(path.join(from, entry), path.join(to, dir, entry));
      }
    }
  }
}

function step(label, cwd, args, env = {}) {
  console.log(`\n--- scaffold: ${label}`);
  const res = spawnSync(process.execPath, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-scaffold-'));
let ok = false;
try {
  copyTree(dir);
  linkInstalls(dir);
  const files = [`packages/contract/src/families/${NAME}`, `apps/server/src/families/${NAME}`, `apps/web/src/features/${NAME}`];
  const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=dot'];
  ok =
    step('generate', dir, ['scripts/new-family/index.mjs', NAME, '--item', 'scaffold-gadget']) &&
    step('lint', dir, ['node_modules/eslint/bin/eslint.js', ...files, 'packages/contract/src/index.ts', 'packages/contract/src/families/team/audit-actions.ts', 'apps/server/src/families/index.ts', 'apps/server/src/platform']) &&
    step('types (contract, server, web)', dir, ['scripts/typecheck.mjs', 'packages/contract', 'apps/server', 'apps/web']) &&
    step('tests', dir, [
      ...vitest,
      '--project', 'server', '--project', 'web', '--project', 'contract',
      `apps/server/src/families/${NAME}`, 'apps/server/src/platform/__tests__/access-matrix.test.ts', `apps/web/src/features/${NAME}`, 'apps/web/src/request/field-labels.test.ts', 'apps/web/src/app/locales.test.ts', 'apps/web/src/features/team/audit-words.test.ts', 'packages/contract/src/catalogue.test.ts',
    ], { TEST_DATABASE_URL: '', MATRIX_ONLY: 'scaffoldGadgets' });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`\nscaffold check: ${ok ? 'ok' : 'FAILED'}`);
process.exit(ok ? 0 : 1);
