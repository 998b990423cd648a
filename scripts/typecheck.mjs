// Type-checks every workspace with its own tsconfig (they differ: the rules library
// sees no Node types, the web app sees the DOM) with TypeScript 7's native compiler
// (`typescript-native`; see docs/architecture.md, "Type-checks"). Two at a time, each on
// one thread: the machines have two cores.
import { spawn } from 'node:child_process';
import { tscArgs } from './tsc.mjs';

const ALL = ['apps/web', 'apps/server', 'e2e', 'bench', 'packages/contract', 'packages/parsers', 'packages/rules', 'packages/client', 'packages/analytics', 'packages/clouddb', 'packages/runner', 'packages/cli'];
// `node scripts/typecheck.mjs apps/server ...` checks only those projects.
const named = process.argv.slice(2);
const projects = named.length ? named : ALL;
const PARALLEL = 2;

function check(p) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, tscArgs(p), { stdio: ['ignore', 'pipe', 'pipe'] });
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
