// Type-checks every workspace with its own tsconfig (they differ: the rules library
// sees no Node types, the web app sees the DOM).
import { execFileSync } from 'node:child_process';

const projects = ['packages/rules', 'packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
let failed = 0;
for (const p of projects) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', p], { stdio: 'inherit' });
    console.log(`typecheck ${p}: ok`);
  } catch {
    failed += 1;
    console.error(`typecheck ${p}: FAILED`);
  }
}
process.exit(failed ? 1 : 0);
