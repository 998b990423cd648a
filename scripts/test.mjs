// `npm test`: lint, type-check, every vitest project (server on PGlite), the server suite
// again on PostgreSQL when TEST_DATABASE_URL is set, and the browser tests. Ends with the
// line `N passed, N failed` that CI reads.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tscArgs } from './tsc.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
let passed = 0;
let failed = 0;
const problems = [];
// Suites that need the real builds beside the repository name themselves so
// (packages/parsers/src/test-kit/real-builds.ts); a clone without ../shared skips them.
const NEEDS_REAL_BUILDS = '(needs ../shared/fixtures/packages)';
const skippedForRealBuilds = new Map();

// Test files on memory where the machine has room there: the tests copy a 42 MB embedded
// database for each test app and write uploads and data directories, and on CI's disk a
// copy took 0.8 s of kernel time where /dev/shm takes 0.05 s. Removed at the end; a TMPDIR
// set by the caller is kept.
const SHM = '/dev/shm';
let runTmp = null;
if (!process.env.TMPDIR && fs.existsSync(SHM)) {
  const free = fs.statfsSync(SHM);
  if (free.bavail * free.bsize > 4 * 2 ** 30) {
    runTmp = fs.mkdtempSync(path.join(SHM, 'wharf-test-'));
    process.env.TMPDIR = runTmp;
  }
}

const started = Date.now();
const timings = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const at = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([label, Date.now() - at]);
  if (res.status !== 0) problems.push(label);
  return res.status === 0;
}

/** A vitest run that lets other work go on meanwhile (stdout and stderr shown as they come). */
function runAsync(label, args, env = {}) {
  console.log(`\n=== ${label}`);
  const at = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => {
      timings.push([label, Date.now() - at]);
      if (code !== 0) problems.push(label);
      resolve(code === 0);
    });
  });
}

// `nice -n 19` where there is one (Debian's coreutils): the jobs then only take what the
// foreground leaves.
const NICE = ['/usr/bin/nice', '/bin/nice'].find((p) => fs.existsSync(p));

/**
 * Jobs at the lowest priority, two at a time in the order given (the longest first), each
 * one's output kept and printed whole, in order, when all have ended, so that it never
 * interleaves with the foreground's. Resolves with whether each job passed, by name.
 */
async function lowPriority(label, jobs) {
  const at = Date.now();
  const queue = jobs.map((job, index) => ({ job, index }));
  const results = [];
  const one = ({ job: [name, args, env = process.env], index }) =>
    new Promise((resolve) => {
      const [cmd, cmdArgs] = NICE ? [NICE, ['-n', '19', process.execPath, ...args]] : [process.execPath, args];
      const child = spawn(cmd, cmdArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        results[index] = { name, ok: code === 0, out };
        resolve();
      });
    });
  await Promise.all([0, 1].map(async () => {
    while (queue.length) await one(queue.shift());
  }));
  timings.push([label, Date.now() - at]);
  console.log(`\n=== ${label}`);
  for (const { name, ok, out } of results) {
    if (out.trim()) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
    console.log(`${name}: ${ok ? 'ok' : 'FAILED'}`);
    if (!ok) problems.push(name);
  }
  return new Map(results.map(({ name, ok }) => [name, ok]));
}

function vitestArgs(label) {
  const out = path.join(tmp, `vitest-${label.replace(/\W+/g, '-')}.json`);
  fs.rmSync(out, { force: true });
  return { out, args: ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`] };
}

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
  for (const file of r.testResults) {
    const skipped = file.assertionResults.filter((a) => a.status !== 'passed' && a.status !== 'failed' && a.fullName.includes(NEEDS_REAL_BUILDS));
    if (!skipped.length) continue;
    const name = path.relative(root, file.name);
    skippedForRealBuilds.set(name, (skippedForRealBuilds.get(name) ?? 0) + skipped.length);
  }
}

function vitest(label, args, env) {
  const v = vitestArgs(label);
  run(label, process.execPath, [...v.args, ...args], env);
  count(label, v.out);
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

const tsc = (project) => [`typecheck ${project}`, tscArgs(project)];
const checks = [
  tsc('apps/server'),
  tsc('e2e'),
  tsc('apps/web'),
  ['lint', ['node_modules/eslint/bin/eslint.js', '.']],
  tsc('bench'),
  tsc('packages/contract'),
  tsc('packages/parsers'),
  tsc('packages/rules'),
  tsc('packages/client'),
  tsc('packages/analytics'),
  tsc('packages/clouddb'),
  tsc('packages/runner'),
  tsc('packages/cli'),
];
const { TEST_DATABASE_URL, ...withoutPg } = process.env;
// With PostgreSQL at hand the server suite runs there in full, and on PGlite only where
// the engine matters (see apps/server/vitest.config.ts).
const serverTests = TEST_DATABASE_URL ? 'embedded-subset' : 'all';
const embedded = { ...withoutPg, TEST_DATABASE_URL: '', WHARF_SERVER_TESTS: serverTests };
const unitProjects = ['rules', 'contract', 'parsers', 'client', 'analytics', 'clouddb', 'runner', 'cli', 'server', 'web', 'tooling'].flatMap((p) => ['--project', p]);
// Lint, the type-checks and the scaffold check (a family made by `npm run new:family`
// passes lint, types and its tests, in a copy of the tree) at the lowest priority from the
// start, taking what the unit tests leave of the cores (little: they keep them 93 % busy)
// and then what the browser tests leave, so that no test waits for them; lint and types
// have no timeouts to miss, and the scaffold's few tests have room in theirs.
const SCAFFOLD = 'scaffold check (npm run new:family)';
const checksLane = lowPriority('lint, type-checks and scaffold check (beside the unit and browser tests)', [...checks, [SCAFFOLD, ['scripts/check-scaffold.mjs'], embedded]]);

const unitLabel = `unit and API tests (embedded database${TEST_DATABASE_URL ? ', server subset' : ''})`;
const unitOut = vitestArgs(unitLabel);
await runAsync(unitLabel, [...unitOut.args, ...unitProjects], embedded);
count(unitLabel, unitOut.out);

// The browser tests in a run of their own (two files at a time, e2e/vitest.config.ts): a
// journey waits on the browser and the server more than it computes. Beside the
// PostgreSQL suite (which has timeouts, and a database at normal priority) a journey
// missed its step timeout on two cores, so that suite runs after.
const e2eLabel = 'browser tests (embedded database)';
const e2eOut = vitestArgs(e2eLabel);
const [, beside] = await Promise.all([
  // The journeys run on the embedded database; those of several instances or of project
  // databases need PostgreSQL, which they find under a name of their own.
  runAsync(e2eLabel, [...e2eOut.args, '--project', 'e2e'], { ...embedded, E2E_POSTGRES_URL: TEST_DATABASE_URL ?? '' }),
  checksLane,
]);
count(e2eLabel, e2eOut.out);
// The scaffold check counts as one test.
if (beside.get(SCAFFOLD)) passed += 1;
else failed += 1;
if (TEST_DATABASE_URL) {
  // Three workers on two cores: this suite's files wait on PostgreSQL and on the server
  // processes they start, so a third keeps the cores busy (147 s → 111 s; four did worse).
  vitest('server on PostgreSQL', ['--project', 'server-postgres', '--maxWorkers=3'], { TEST_DATABASE_URL });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the server suite ran on the embedded database only)');
}

if (skippedForRealBuilds.size) {
  console.log(`\nSkipped: the real builds are not at ../shared/fixtures/packages beside this clone (CI has them), so these tests did not run:`);
  for (const [file, n] of skippedForRealBuilds) console.log(`  ${file}: ${n} test${n === 1 ? '' : 's'}`);
}
if (runTmp) fs.rmSync(runTmp, { recursive: true, force: true });
console.log(`\nTime: ${timings.map(([label, ms]) => `${label} ${seconds(ms)}`).join(', ')}; in all ${seconds(Date.now() - started)}`);
if (problems.length) console.error(`\nFailed steps: ${problems.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
