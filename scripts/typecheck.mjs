// Type-checks every workspace with its own tsconfig (they differ: the rules library
// sees no Node types, the web app sees the DOM). Two at a time: the machines have two
// cores, and each tsc is single-threaded.
import { spawn } from 'node:child_process';

const ALL = ['apps/web', 'apps/server', 'e2e', 'bench', 'packages/contract', 'packages/parsers', 'packages/rules', 'packages/client', 'packages/analytics', 'packages/clouddb', 'packages/runner', 'packages/cli'];
// `node scripts/typecheck.mjs apps/server ...` checks only those projects; with
// `--files=<fragment>,...` only the files whose path contains one (the scaffold check).
const args = process.argv.slice(2);
const files = args.find((a) => a.startsWith('--files='))?.slice('--files='.length).split(',');
const named = args.filter((a) => !a.startsWith('--'));
const projects = named.length ? named : ALL;
const PARALLEL = 2;

function check(p) {
  return new Promise((resolve) => {
    const command = files ? ['scripts/typecheck-files.mjs', p, ...files] : ['node_modules/typescript/bin/tsc', '-p', p];
    const child = spawn(process.execPath, command, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      // Printed whole, so two projects' errors never interleave.
      if (out) process.stdout.write(out);
      console.log(`typecheck ${p}: ${code === 0 ? 'ok' : 'FAILED'}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let failed = 0;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (queue.length) if (!(await check(queue.shift()))) failed += 1;
  }),
);
process.exit(failed ? 1 : 0);
