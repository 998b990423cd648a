import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, completeVersion, newApp, openTaskOf, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());

describe('the version being prepared', () => {
  it('is null without one, the draft with its completeness, and stays the same one through review', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    expect((await u.call(versionApi.preparingVersion, { query: { appId } })).json()).toMatchObject({ version: null, completeness: null });
    const v1 = await released(t, u, op, appId);
    expect((await u.call(versionApi.preparingVersion, { query: { appId } })).json().version).toBeNull();
    const v2 = await completeVersion(t, u, appId, 11);
    const draft = (await u.call(versionApi.preparingVersion, { query: { appId } })).json();
    expect(draft).toMatchObject({ version: { versionId: v2.versionId, releaseState: 7 }, completeness: { complete: true } });
    expect(draft.version.versionId).not.toBe(v1.versionId);
    await u.call(versionApi.submitVersion, { body: { appId, versionId: v2.versionId } });
    expect((await u.call(versionApi.preparingVersion, { query: { appId } })).json().version).toMatchObject({ versionId: v2.versionId, releaseState: 5 });
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v2.versionId), decision: 'approve' } });
    expect((await u.call(versionApi.preparingVersion, { query: { appId } })).json().version).toBeNull();
  });

  it('answers 404 for another team’s app, 400 for a bad id; a read-only role may read it', async () => {
    const { holder, member } = await teamWithMember(t, ['customerService']);
    const { appId } = await newApp(holder);
    await completeVersion(t, holder, appId);
    expect((await member.call(versionApi.preparingVersion, { query: { appId } })).json().version).toMatchObject({ releaseState: 7 });
    const other = await TestUser.register(t);
    expect((await other.call(versionApi.preparingVersion, { query: { appId } })).statusCode).toBe(404);
    const bad = await holder.call(versionApi.preparingVersion, { query: { appId: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('appId');
  });
});
