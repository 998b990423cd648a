import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    // happy-dom renders the pages about a fifth faster than jsdom; the tests of the
    // request layer against a real server (cookies, XHR, script tags) keep jsdom, named at
    // the top of each such file (`@vitest-environment jsdom`). Same address as jsdom's.
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
    setupFiles: ['src/test/setup.ts'],
    // Files share their worker's loaded modules (antd, the contract, the console): importing
    // them again for every file cost more than the tests. Module mocks are therefore made
    // once, in the setup file (test/call-mock.ts, test/chart-mock.ts), and stubbed globals
    // are put back after each test.
    isolate: process.env.WHARF_ISOLATE === 'on',
    unstubGlobals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    // antd pages are slow to render when the machine is busy (two workers, a real server).
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
