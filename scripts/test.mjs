// `npm test`: lint, type-check, every vitest project (server on PGlite) with the browser
// tests beside them, then the server suite on PostgreSQL when TEST_DATABASE_URL is set. Ends with the
// line `N passed, N failed` that CI reads.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
let passed = 0;
let failed = 0;
const problems = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) problems.push(label);
  return res.status === 0;
}

const vitestArgs = (out, args) => ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args];
const reportOf = (label) => path.join(tmp, `vitest-${label.replace(/\W+/g, '-')}.json`);

/** Adds a vitest JSON report's counts; a missing report means the run crashed. */
function count(label, out) {
  if (!fs.existsSync(out)) {
    failed += 1;
    console.error(`${label}: no results written (the run crashed)`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A file that failed to load has no failed tests but is still a failure.
  const brokenFiles = r.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  failed += brokenFiles;
}

function vitest(label, args, env) {
  const out = reportOf(label);
  fs.rmSync(out, { force: true });
  run(label, process.execPath, vitestArgs(out, args), env);
  count(label, out);
}

/**
 * Starts a vitest run beside the next one, its output kept until `finish` prints it. The
 * browser tests run one file at a time and wait on Chromium much of it, so they share the
 * two cores with the other projects instead of running after them.
 */
function vitestBeside(label, args, env) {
  const out = reportOf(label);
  fs.rmSync(out, { force: true });
  let log = '';
  const child = spawn(process.execPath, vitestArgs(out, args), { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.on('close', resolve));
  return {
    async finish() {
      const code = await exited;
      console.log(`\n=== ${label}\n${log}`);
      if (code !== 0) problems.push(label);
      count(label, out);
    },
  };
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  if (process.env.CI === 'true') {
    console.error(`\n!!! Chromium is missing at ${chromium}: browser tests cannot run, and under CI that is a failure.`);
    problems.push('chromium missing');
    failed += 1;
  } else {
    console.warn(`\n!!! WARNING: Chromium is missing at ${chromium}; browser tests are SKIPPED. Install it: apt-get install -y chromium\n`);
  }
}

run('lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '.']);
run('typecheck', process.execPath, ['scripts/typecheck.mjs']);
const { TEST_DATABASE_URL, ...withoutPg } = process.env;
// With PostgreSQL at hand the server suite runs there in full, and on PGlite only where
// the engine matters (see apps/server/vitest.config.ts).
const serverTests = TEST_DATABASE_URL ? 'embedded-subset' : 'all';
const embedded = { ...withoutPg, TEST_DATABASE_URL: '', WHARF_SERVER_TESTS: serverTests };
const browser = vitestBeside('browser tests', ['--project', 'e2e'], embedded);
vitest(`rules, contract, server (embedded database${TEST_DATABASE_URL ? ', subset' : ''}), web`, ['--project', 'rules', '--project', 'contract', '--project', 'server', '--project', 'web'], embedded);
await browser.finish();
if (TEST_DATABASE_URL) {
  vitest('server on PostgreSQL', ['--project', 'server-postgres'], { TEST_DATABASE_URL });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the server suite ran on the embedded database only)');
}

if (problems.length) console.error(`\nFailed steps: ${problems.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
