import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { analyse } from './analyse.js';
import boundaries, { compareBaseline, readBaseline } from './rule.js';

const FIXTURE = path.join(import.meta.dirname, '__fixtures__/repo');
const server = (p: string) => `apps/server/src/${p}`;

describe('the family boundaries on a fixture tree', () => {
  const { violations, cycles } = analyse(FIXTURE);

  it('refuses a reach-in past the face, a core family importing a product family, and the core importing a family', () => {
    expect(Object.fromEntries([...violations].map(([k, v]) => [k, v.message]))).toEqual({
      [`${server('families/versions/service.ts')} -> ${server('families/testing/repo.ts')}`]: 'versions reaches into testing/repo.ts: import testing/public.ts instead',
      [`${server('families/apps/service.ts')} -> ${server('families/versions/public.ts')}`]: 'the core family apps imports the product family versions',
      [`${server('platform/audit.ts')} -> ${server('families/testing/public.ts')}`]: 'the shared core imports the family testing',
    });
  });

  it('finds families importing each other in a loop, type-only imports included, with the lines that make it', () => {
    expect([...cycles.keys()]).toEqual(['server: testing, versions']);
    const evidence = cycles.get('server: testing, versions')!.evidence.map((e) => `${e.from}->${e.to}@${path.basename(e.file)}:${e.line}`);
    expect(evidence.sort()).toEqual(['testing->versions@public.ts:1', 'versions->testing@public.ts:1', 'versions->testing@service.ts:1']);
  });

  it('bites in ESLint on the importing line, and lets through exactly what the baseline lists', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-baseline-'));
    const baseline = path.join(dir, 'baseline.json');
    fs.writeFileSync(baseline, JSON.stringify({ imports: [`${server('platform/audit.ts')} -> ${server('families/testing/public.ts')}`], cycles: [] }));
    const eslint = new ESLint({
      cwd: FIXTURE,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser as never },
          plugins: { wharf: boundaries },
          rules: { 'wharf/family-boundaries': ['error', { root: FIXTURE, baseline }] },
        },
      ],
    });
    const results = await eslint.lintFiles(['apps/server/src/**/*.ts']);
    const reported = results.flatMap((r) => r.messages.map((m) => `${path.relative(FIXTURE, r.filePath)}:${m.line} ${m.message}`)).sort();
    expect(reported).toEqual([
      `${server('families/apps/service.ts')}:1 the core family apps imports the product family versions`,
      `${server('families/testing/public.ts')}:1 families import each other in a loop (server: testing, versions): testing imports versions here`,
      `${server('families/versions/public.ts')}:1 families import each other in a loop (server: testing, versions): versions imports testing here`,
      `${server('families/versions/service.ts')}:1 families import each other in a loop (server: testing, versions): versions imports testing here`,
      `${server('families/versions/service.ts')}:1 versions reaches into testing/repo.ts: import testing/public.ts instead`,
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('calls a baseline entry that is no longer a violation stale', () => {
    const baseline = { imports: [...violations.keys(), `${server('families/apps/old.ts')} -> ${server('families/versions/repo.ts')}`], cycles: ['server: apps, versions'] };
    expect(compareBaseline({ violations, cycles }, baseline)).toEqual({
      stale: [`${server('families/apps/old.ts')} -> ${server('families/versions/repo.ts')}`, 'server: apps, versions'],
      fresh: ['server: testing, versions'],
    });
  });
});

describe('the repository against its baseline', () => {
  it('has no stale entry: a fixed violation leaves the baseline in the same change (npm run lint:baseline)', () => {
    const { stale } = compareBaseline(analyse(), readBaseline());
    expect(stale, 'these are no longer violations: run npm run lint:baseline').toEqual([]);
  });
});
