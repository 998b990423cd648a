#!/usr/bin/env node
// The CLI is TypeScript run through tsx (a dependency), so the tarball `npm pack` makes
// installs and runs on Node 20 without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2), { out: process.stdout, err: process.stderr, env: process.env });
