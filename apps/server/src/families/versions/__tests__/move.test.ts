import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, buildPath, projectApi, teamApi, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, completeVersion, newApp, openTaskOf, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());

describe('an app moving to another team', () => {
  it('takes its versions, review tasks and listing files along', async () => {
    const u = await TestUser.register(t);
    const home = u.teamId;
    const app = await newApp(u);
    const v1 = await released(t, u, op, app.appId, 10);
    const v2 = await completeVersion(t, u, app.appId, 11);
    await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId: v2.versionId } });
    const company = (await u.call(teamApi.createMainUser, { body: { name: 'Company' } })).json().team;
    u.teamId = company.teamId;
    const target = (await u.call(projectApi.createProject, { body: { name: 'Target' } })).json().project.projectId;
    u.teamId = home;
    const moved = await u.call(appApi.moveApp, { body: { appId: app.appId, targetTeamId: company.teamId, targetProjectId: target } });
    expect(moved.statusCode, moved.body).toBe(200);

    expect((await u.call(versionApi.getVersion, { query: { appId: app.appId, versionId: v2.versionId } })).statusCode).toBe(404);
    u.teamId = company.teamId;
    const seen = (await u.call(versionApi.getVersion, { query: { appId: app.appId, versionId: v2.versionId } })).json();
    expect(seen.completeness.complete).toBe(true);
    const task = (await op.call(versionApi.reviewTaskDetail, { query: { taskId: await openTaskOf(t, v2.versionId) } })).json();
    expect(task.task).toMatchObject({ teamId: company.teamId, appName: expect.stringMatching(/^Ver /) });
    const { rows } = await t.deps.database.executeSql(
      `select distinct f.team_id from files f, version_listings l where l.version_id = $1 and (f.id = l.icon_object_id or f.id = any(l.screenshot_object_ids))`,
      [v2.versionId],
    );
    expect(rows).toEqual([{ team_id: company.teamId }]);
    const dl = await t.app.inject({ method: 'GET', url: buildPath(versionApi.download, { versionId: v1.versionId }), query: { deviceId: 'd' } });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(v1.bytes)).toBe(true);
  });
});
