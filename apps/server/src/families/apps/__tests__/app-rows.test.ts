import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appApi, packageApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, newApp, released } from '../../../harness/scenarios';
import { appRowsOf } from '../app-rows';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);
const appOf = async (u: TestUser, appId: string) => (await u.call(appApi.getApp, { query: { appId } })).json().app as { name: string; everOnShelf: boolean; supportEmail: string | null };

describe("the instance's cache of the caller's app", () => {
  it('serves an app read again within the cache time from the cache, and reads it anew after', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u, { defaultLanguage: 'enUS' });
    expect((await appOf(u, appId)).supportEmail).toBeNull();
    // Written behind the app's own writes, so nothing tells the instance.
    await sql(`update apps set support_email = 'behind@example.com' where id = $1`, [appId]);
    expect((await appOf(u, appId)).supportEmail).toBeNull();
    t.clock.advance(t.deps.config.sessionCacheTtlMs + 1);
    await u.login();
    expect((await appOf(u, appId)).supportEmail).toBe('behind@example.com');
  });

  it("shows the app's own edits at once", async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u, { defaultLanguage: 'enUS' });
    await appOf(u, appId);
    expect((await u.call(appApi.updateApp, { body: { appId, names: { enUS: 'Renamed at once' }, supportEmail: 'new@example.com' } })).statusCode).toBe(200);
    expect(await appOf(u, appId)).toMatchObject({ name: 'Renamed at once', supportEmail: 'new@example.com' });
  });

  it("never serves one team's app to another team", async () => {
    const owner = await TestUser.register(t);
    const other = await TestUser.register(t);
    const { appId } = await newApp(owner);
    await appOf(owner, appId);
    const res = await other.call(appApi.getApp, { query: { appId } });
    expect(res.statusCode).toBe(404);
    expect((await other.call(packageApi.packageList, { query: { appId } })).statusCode).toBe(404);
  });

  it('forgets an app when a version of it goes on shelf, so it can no longer be deleted', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    expect((await appOf(u, appId)).everOnShelf).toBe(false);
    await released(t, u, op, appId);
    expect((await appOf(u, appId)).everOnShelf).toBe(true);
    const removed = await u.call(appApi.deleteApp, { query: { appId } });
    expect(removed.statusCode).toBe(409);
    expect((await sql('select count(*)::int as n from apps where id = $1', [appId])).rows).toEqual([{ n: 1 }]);
  });

  it('forgets a deleted app at once', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    await appOf(u, appId);
    expect((await u.call(appApi.deleteApp, { query: { appId } })).statusCode).toBe(200);
    expect((await u.call(appApi.getApp, { query: { appId } })).statusCode).toBe(404);
    expect((await u.call(packageApi.packageList, { query: { appId } })).statusCode).toBe(404);
  });

  it('keeps nothing it read while the app changed, and keeps what an edit made here wrote', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u, { defaultLanguage: 'enUS' });
    const [{ team_id: teamId }] = (await sql('select team_id from apps where id = $1', [appId])).rows as [{ team_id: string }];
    const rows = appRowsOf(t.deps);
    rows.forgetHere(appId);
    const reading = rows.get(t.deps.db, teamId, appId);
    rows.forgetHere(appId);
    expect((await reading)?.supportEmail).toBeNull();
    await sql(`update apps set support_email = 'after@example.com' where id = $1`, [appId]);
    expect((await rows.get(t.deps.db, teamId, appId))?.supportEmail).toBe('after@example.com');

    expect((await u.call(appApi.updateApp, { body: { appId, supportEmail: 'edited@example.com' } })).statusCode).toBe(200);
    await sql(`update apps set support_email = 'behind@example.com' where id = $1`, [appId]);
    expect((await appOf(u, appId)).supportEmail).toBe('edited@example.com');
  });
});
