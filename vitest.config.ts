import { defineConfig } from 'vitest/config';

// One runner for every workspace. The server and e2e projects open databases and
// browsers, so the whole run is kept to two workers (the CI machines have 2 cores).
export default defineConfig({
  test: {
    maxWorkers: 2,
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
