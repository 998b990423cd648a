import { defineConfig } from 'vitest/config';

// One runner for every workspace. The server and e2e projects open databases and
// browsers, so the whole run is kept to two workers (the CI machines have 2 cores).
export default defineConfig({
  test: {
    maxWorkers: 2,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache), keyed by
    // their content: `npm test`'s later runs (browser, PostgreSQL) and the next `npm test`
    // load the server and the console without transforming them again (the PostgreSQL
    // suite's transform time: 16 s → 3.5 s).
    experimental: { fsModuleCache: true },
    projects: [
      'packages/rules',
      'packages/contract',
      'packages/parsers',
      'packages/client',
      'packages/analytics',
      'packages/clouddb',
      'packages/runner',
      'packages/cli',
      'apps/server',
      'apps/web',
      'e2e',
      'eslint-rules',
    ],
  },
});
