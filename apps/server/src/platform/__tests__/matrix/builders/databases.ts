import type { Seed } from '../seed';
import type { Builder, Builders } from '../types';

/** A database id of A's project: none exists on the matrix's embedded database, where every call but base info says so first. */
const SOME_DATABASE = '0d0d0d0d-0d0d-4d0d-8d0d-0d0d0d0d0d0d';
const SOME_ACCOUNT = '0e0e0e0e-0e0e-4e0e-8e0e-0e0e0e0e0e0e';
const SOME_SCRIPT = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';
const SOME_TASK = '0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c';
const NEEDS_POSTGRES = { status: 409, code: 100420, why: 'the matrix runs on the embedded database; project databases need PostgreSQL (databases.test.ts runs them there)' };
const one = (s: Seed) => ({ projectId: s.a.projectId, databaseId: SOME_DATABASE });
const refused = (build: Builder['build']): Builder => ({ build, expect: NEEDS_POSTGRES });

/** Database management of A's project. */
export function databasesBuilders(): Builders {
  return {
    'databases.baseInfo': { build: (s) => ({ query: { projectId: s.a.projectId } }) },
    'databases.list': refused((s) => ({ query: { projectId: s.a.projectId } })),
    'databases.get': refused((s) => ({ query: one(s) })),
    'databases.create': refused((s) => ({ query: { projectId: s.a.projectId }, body: { name: 'shop' } })),
    'databases.delete': refused((s) => ({ query: one(s) })),
    'databases.restore': refused((s) => ({ query: one(s) })),
    'databases.accounts': refused((s) => ({ query: one(s) })),
    'databases.createAccount': refused((s) => ({ query: one(s), body: { name: 'reports', privilege: 'readOnly' } })),
    'databases.resetPassword': refused((s) => ({ query: { ...one(s), accountId: SOME_ACCOUNT } })),
    'databases.deleteAccount': refused((s) => ({ query: { ...one(s), accountId: SOME_ACCOUNT } })),
    'databases.execute': refused((s) => ({ query: one(s), body: { sql: 'select 1' } })),
    'databases.export': refused((s) => ({ query: one(s), body: { sql: 'select 1' } })),
    'databases.history': refused((s) => ({ query: one(s) })),
    'databases.scripts': refused((s) => ({ query: one(s) })),
    'databases.saveScript': refused((s) => ({ query: one(s), body: { name: 'seed', sql: 'select 1' } })),
    'databases.deleteScript': refused((s) => ({ query: { ...one(s), scriptId: SOME_SCRIPT } })),
    'databases.runScript': refused((s) => ({ query: one(s), body: { scriptId: SOME_SCRIPT } })),
    'databases.tasks': refused((s) => ({ query: one(s) })),
    'databases.task': refused((s) => ({ query: { ...one(s), taskId: SOME_TASK } })),
    'databases.cancelTask': refused((s) => ({ query: { ...one(s), taskId: SOME_TASK } })),
  };
}
