import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudDbApi, cloudFunctionsApi as api } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { BOOK, device, projectOf, rights } from '../../cloud-db/__tests__/helpers';
import { cloudFunctionsOf } from '../services';

// Cloud DB as an event source: a function's trigger takes document writes of its project's
// zone and object type; projects with no Cloud DB trigger publish no events at all (the
// bus's interest), so their writes stay one statement.

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTIONS_SPARE_RUNNERS: '0' } });
  u = await TestUser.register(t);
});
afterAll(() => t.close());

async function booksOf() {
  const p = await projectOf(u);
  const made = await u.call(cloudDbApi.createObjectType, { query: { projectId: p.projectId }, body: { ...BOOK, permissions: rights({ World: ['Read', 'Upsert', 'Delete'] }) } });
  expect(made.statusCode, made.body).toBe(200);
  return { projectId: p.projectId, books: device(t, p.headers) };
}
const eventsOf = async (projectId: string) =>
  ((await t.deps.database.executeSql(`select payload from events where topic = 'cloud-db.changed' and payload->>'projectId' = $1 order by id`, [projectId])).rows as Array<{ payload: { op: string; key: object } }>).map((r) => [r.payload.op, r.payload.key]);

describe.skipIf(!bubblewrapAvailable())('Cloud DB triggers', () => {
  it('call a function for each document written in the zone and type they name; a project with none publishes nothing', async () => {
    const quiet = await booksOf();
    const watched = await booksOf();
    const code = "module.exports.myHandler = async (event) => { console.log(event.trigger_type + ' ' + event.event_type + ' ' + event.document.objectType + ' ' + JSON.stringify(event.document.key)); return 1; };";
    const fn = (await u.call(api.createFunction, { query: { projectId: watched.projectId }, body: { name: 'on-books', code } })).json().function as { functionId: string };
    const q = { projectId: watched.projectId, functionId: fn.functionId };
    const made = await u.call(api.createTrigger, { query: q, body: { name: 'new books', event: { source: 'clouddb', types: ['documentWritten'], filter: { zone: 'main', objectType: 'BookInfo' } } } });
    expect(made.statusCode, made.body).toBe(200);
    await t.deps.events.interests.refresh();

    await quiet.books.upsert([{ id: 1 }, { id: 2 }]);
    expect(await eventsOf(quiet.projectId)).toEqual([]);

    await watched.books.upsert([{ id: 7 }]);
    await watched.books.delete([{ id: 7 }]);
    expect(await eventsOf(watched.projectId)).toEqual([['upsert', { id: 7 }], ['delete', { id: 7 }]]);
    await t.deps.events.drain();
    expect(await cloudFunctionsOf(t.deps).runner.drain()).toBe(1);
    const lines = ((await u.call(api.searchLogs, { query: q })).json().items as Array<{ message: string }>).map((l) => l.message);
    expect(lines).toEqual(['CLOUDDB documentWritten BookInfo {"id":7}']);

    // The trigger gone, the project's writes publish nothing again.
    await u.call(api.deleteTrigger, { query: { ...q, triggerId: made.json().trigger.triggerId } });
    await t.deps.events.interests.refresh();
    await watched.books.upsert([{ id: 8 }]);
    expect(await eventsOf(watched.projectId)).toHaveLength(2);
  });
});
