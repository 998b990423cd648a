import { defineProject } from 'vitest/config';

// Real and generated packages, hostile ones and a large file streamed from disk; no
// database, so the suite runs once (it used to run on PGlite and again on PostgreSQL).
export default defineProject({ test: { name: 'parsers', include: ['src/**/*.test.ts'], testTimeout: 30_000 } });
