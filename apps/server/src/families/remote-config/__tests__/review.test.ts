import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfigApi, RET_CODES, type RemoteTemplate } from '@wharf/contract';
import { createTestApp, type TestApp, type TestUser } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appOf, deviceFetch, GREETING } from './helpers';

// Four eyes: with review on, one member asks, another approves (and so publishes).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const en = { 'x-lang': 'en' };
const get = async (u: TestUser, appId: string) => (await u.call(remoteConfigApi.getRemoteConfig, { query: { appId } })).json();

/** A team with a second member (Operations: growth.manage), an app under review, and a saved draft. */
async function underReview(template: RemoteTemplate = GREETING) {
  const { holder, member } = await teamWithMember(t, ['operations']);
  const { appId, headers } = await appOf(holder);
  const set = await holder.call(remoteConfigApi.setRemoteSettings, { query: { appId }, body: { minimumFetchIntervalSeconds: 0, requireReview: true } });
  expect(set.json().settings).toEqual({ minimumFetchIntervalSeconds: 0, requireReview: true });
  const saved = (await holder.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template, revision: 0 } })).json().draft;
  return { holder, member, appId, headers, revision: saved.revision as number };
}

describe('publishing with review on', () => {
  it('refuses a direct publish, lets another member approve what was asked, and records both', async () => {
    const { holder, member, appId, headers, revision } = await underReview();
    const direct = await holder.call(remoteConfigApi.publishRemoteConfig, { query: { appId }, body: { revision }, headers: en });
    expect([direct.statusCode, direct.json().ret.msg]).toEqual([409, "This app's changes need another member's approval: ask for a review"]);

    const asked = await holder.call(remoteConfigApi.requestRemoteReview, { query: { appId }, body: { revision, description: 'Greet Russia' } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().draft.review).toMatchObject({ revision, requestedBy: 'Holder', requestedById: holder.userId, description: 'Greet Russia' });

    const own = await holder.call(remoteConfigApi.approveRemoteReview, { query: { appId }, body: { revision }, headers: en });
    expect([own.statusCode, own.json().ret.code, own.json().ret.msg]).toEqual([403, RET_CODES.forbidden.code, 'You asked for this review; another member approves it']);
    expect((await deviceFetch(t, headers, 'review-device-1')).json().version).toBe(0);

    const approved = await member.call(remoteConfigApi.approveRemoteReview, { query: { appId }, body: { revision } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().version).toMatchObject({ number: 1, publishedBy: 'Member', requestedBy: 'Holder', description: 'Greet Russia' });
    expect(approved.json().draft).toMatchObject({ review: null, changed: false, basedOn: 1 });
    expect((await deviceFetch(t, headers, 'review-device-2', { country: 'RU' })).json()).toMatchObject({ version: 1, values: { greeting: 'Привет' } });
  });

  it('withdraws the request when the draft is saved again, so an approval cannot publish what was not asked', async () => {
    const { holder, member, appId, revision } = await underReview();
    await holder.call(remoteConfigApi.requestRemoteReview, { query: { appId }, body: { revision } });
    const resaved = (await member.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: { conditions: [], parameters: [] }, revision } })).json().draft;
    expect(resaved.review).toBeNull();
    const stale = await holder.call(remoteConfigApi.approveRemoteReview, { query: { appId }, body: { revision }, headers: en });
    expect(stale.statusCode).toBe(409);
    const none = await holder.call(remoteConfigApi.approveRemoteReview, { query: { appId }, body: { revision: resaved.revision }, headers: en });
    expect([none.statusCode, none.json().ret.msg]).toEqual([409, 'No review is pending']);
  });

  it('is turned down by another member, or withdrawn by who asked; nothing is published', async () => {
    const { holder, member, appId, revision } = await underReview();
    await holder.call(remoteConfigApi.requestRemoteReview, { query: { appId }, body: { revision } });
    const rejected = await member.call(remoteConfigApi.rejectRemoteReview, { query: { appId }, body: { comment: 'Not before the holiday' } });
    expect(rejected.json().draft).toMatchObject({ review: null, changed: true, revision });
    await holder.call(remoteConfigApi.requestRemoteReview, { query: { appId }, body: { revision } });
    expect((await holder.call(remoteConfigApi.rejectRemoteReview, { query: { appId }, body: {} })).json().draft.review).toBeNull();
    expect((await get(holder, appId)).published).toBeNull();
    const nothing = await member.call(remoteConfigApi.rejectRemoteReview, { query: { appId }, body: {}, headers: en });
    expect([nothing.statusCode, nothing.json().ret.msg]).toEqual([409, 'No review is pending']);
  });
});
