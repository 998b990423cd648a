import { defineProject } from 'vitest/config';

// Browser tests: two files at a time (each starts its own server and Chromium: a journey
// waits on both more than it computes, so one at a time left the two cores 40 % idle; two
// took the suite from about 380 s to 250 s alone), long timeouts (the server migrates a
// fresh embedded database; the web app may need building first).
export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    // Files share the loaded modules (the server, Playwright): importing them again for each
    // file cost about 10 s a file on CI's two busy cores. Each file still starts its own
    // server and browser.
    isolate: false,
    // A journey is a person's whole task (publish, roll back, run an experiment...): on CI's two
    // cores, shared with the unit lane, the longest took 45-55 s in a slow hour and one ran out
    // of 60. The bound is for a hung journey, not a measure of speed (the bench measures that).
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
