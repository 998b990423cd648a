import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { analyse } from './analyse.js';
import boundaries from './rule.js';

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

  it('bites in ESLint on the importing line', async () => {
    const eslint = new ESLint({
      cwd: FIXTURE,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser as never },
          plugins: { wharf: boundaries },
          rules: { 'wharf/family-boundaries': ['error', { root: FIXTURE }] },
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
      `${server('platform/audit.ts')}:1 the shared core imports the family testing`,
    ]);
  });
});

describe('the repository', () => {
  it('has no family reaching into another, no core family using a product family, and no loop', () => {
    const { violations, cycles } = analyse();
    expect([...violations.keys()]).toEqual([]);
    expect([...cycles.keys()]).toEqual([]);
  });
});
