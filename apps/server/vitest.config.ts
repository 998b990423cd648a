import { defineProject } from 'vitest/config';

/*
 * When `npm test` also runs this suite on PostgreSQL (TEST_DATABASE_URL set, as in CI),
 * its embedded run keeps to the files where the engine or its lifecycle matters: start,
 * stop, crash and backup of the embedded store, the scheduler and jobs, the state
 * machine's and lists' SQL, uploads to local files, the demo seed. Running everything
 * twice would take the suite past ten minutes on two cores; `TEST_DATABASE_URL= npm test`
 * still runs every file on PGlite.
 */
const EMBEDDED_SUBSET = [
  'src/__tests__/**/*.test.ts',
  'src/ops/**/*.test.ts',
  'src/families/demo/**/*.test.ts',
  'src/platform/__tests__/{due-actions,jobs-mail,test-clock,config}.test.ts',
  'src/families/versions/__tests__/{schedule,transitions,versions,phased}.test.ts',
  'src/families/accounts/__tests__/{sessions,teams}.test.ts',
  'src/families/files/__tests__/{files,reconcile}.test.ts',
  'src/families/packages/__tests__/packages.test.ts',
  'src/families/testing/__tests__/groups.test.ts',
  // Partitions made on the first event of a day, and dropped past the longest retention.
  'src/families/analytics/__tests__/{ingest,retention}.test.ts',
];

export default defineProject({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'server-postgres' : 'server',
    include: process.env.WHARF_SERVER_TESTS === 'embedded-subset' ? EMBEDDED_SUBSET : ['src/**/*.test.ts'],
    globalSetup: ['src/harness/global-setup.ts'],
    // Files share their worker's loaded modules (each test still builds its own app and
    // database): importing the server for every file cost more than the tests themselves
    // (310 s → 130 s on PostgreSQL). It also surfaces timers and errors a file leaves
    // behind. WHARF_ISOLATE=on gives each file a fresh module graph again.
    isolate: process.env.WHARF_ISOLATE === 'on',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
