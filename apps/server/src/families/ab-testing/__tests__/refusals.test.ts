import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abTestingApi, remoteConfigApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appOf, GREETING, publish } from '../../remote-config/__tests__/helpers';
import { experimentInput, experimentOf } from './helpers';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const create = (appId: string, body: unknown, lang = 'en') => u.call(abTestingApi.createExperiment, { query: { appId }, body, headers: { 'x-lang': lang } });
const msg = (res: { json: () => { ret: { msg: string } } }) => res.json().ret.msg;

describe('what an experiment refuses', () => {
  it('refuses what could not be served, naming it in the caller’s language', async () => {
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    const unpublished = await create(appId, experimentInput({ parameters: ['colour'] }), 'ru');
    expect(unpublished.statusCode).toBe(400);
    expect(msg(unpublished)).toBe('Параметр «colour» не опубликован в удалённой конфигурации: сначала добавьте и опубликуйте его');
    const typed = await create(appId, experimentInput({ parameters: ['max_items'], variants: [{ name: 'A', weight: 1, values: {} }, { name: 'B', weight: 1, values: { max_items: 'ten' } }] }));
    expect(msg(typed)).toBe('Variant “B”: the value of “max_items” must be a number');
    const stray = await create(appId, experimentInput({ variants: [{ name: 'A', weight: 1, values: {} }, { name: 'B', weight: 1, values: { max_items: '5' } }] }));
    expect(msg(stray)).toBe('Variant “B” sets “max_items”, which the experiment does not vary');
    const twins = await create(appId, experimentInput({ variants: [{ name: 'A', weight: 1, values: {} }, { name: 'A', weight: 1, values: {} }] }), 'zh');
    expect(msg(twins)).toBe('有两个实验组都叫“A”');
    const slice = await create(appId, experimentInput({ targeting: { rules: [{ field: 'percentile', seed: 'x', from: 50, to: 10 }], percent: 100 } }));
    expect(msg(slice)).toBe('“Friendlier greeting”: the percentile range must run from a lower to a higher number');
    const audience = await create(appId, experimentInput({ targeting: { rules: [{ field: 'audience', op: 'in', values: ['00000000-0000-4000-8000-000000000000'] }], percent: 100 } }));
    expect(audience.statusCode).toBe(400);
    const sameMetric = await create(appId, experimentInput({ secondaryMetrics: [{ kind: 'conversion', event: 'purchase' }] }));
    expect(msg(sameMetric)).toBe('The same metric is listed twice');
    for (const body of [
      experimentInput({ variants: [{ name: 'Only', weight: 1, values: {} }] }),
      experimentInput({ variants: Array.from({ length: 6 }, (_, i) => ({ name: `V${i}`, weight: 1, values: {} })) }),
      experimentInput({ variants: [{ name: 'A', weight: 0, values: {} }, { name: 'B', weight: 1, values: {} }] }),
      experimentInput({ targeting: { rules: [], percent: 0 } }),
      experimentInput({ primaryMetric: { kind: 'retention', days: 31 } }),
      { ...experimentInput(), secondaryMetrics: Array.from({ length: 5 }, (_, i) => ({ kind: 'conversion', event: `goal_${i}` })) },
      { ...experimentInput(), targeting: { rules: [{ field: 'planet', op: 'in', values: ['Mars'] }], percent: 10 } },
    ]) {
      const res = await create(appId, body, 'ru');
      expect(res.statusCode).toBe(400);
      expect(msg(res)).not.toMatch(/undefined|\[object|^\d+$/);
    }
    expect((await u.call(abTestingApi.listExperiments, { query: { appId } })).json().experiments).toEqual([]);
  });

  it('keeps a running experiment as it started, and its parameters in Remote Configuration', async () => {
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    const running = await experimentOf(u, appId);
    const one = { params: { experimentId: running.id }, query: { appId } };
    const edit = await u.call(abTestingApi.updateExperiment, { ...one, body: { ...experimentInput({ name: 'Renamed' }), revision: running.revision } });
    expect(edit.statusCode).toBe(409);
    expect(msg(edit)).toBe('The experiment is running: it cannot be changed');
    expect(msg(await u.call(abTestingApi.deleteExperiment, one))).toBe('The experiment is running: it cannot be deleted');
    expect(msg(await u.call(abTestingApi.startExperiment, { ...one, body: { revision: running.revision } }))).toBe('The experiment is running: it cannot be started');
    expect(msg(await u.call(abTestingApi.stopExperiment, { ...one, body: { revision: running.revision - 1 } }))).toBe('Someone else changed the experiment meanwhile; reload it and try again');
    // A second experiment on the same parameter may be drafted, not started.
    const second = await experimentOf(u, appId, experimentInput({ name: 'Another greeting' }), false);
    const start = await u.call(abTestingApi.startExperiment, { params: { experimentId: second.id }, query: { appId }, body: { revision: second.revision } });
    expect(start.statusCode).toBe(409);
    expect(msg(start)).toBe('Parameter “greeting” is already varied by the running experiment “Friendlier greeting”: a parameter takes part in one experiment at a time');
    // Remote Configuration keeps the parameter while the experiment runs.
    const { revision } = (await u.call(remoteConfigApi.getRemoteConfig, { query: { appId } })).json().draft;
    const without = { ...GREETING, parameters: GREETING.parameters.filter((p) => p.key !== 'greeting') };
    const save = await u.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: without, revision } });
    expect(save.statusCode).toBe(409);
    expect(msg(save)).toBe('Parameter “greeting” is varied by the running A/B experiment “Friendlier greeting”: it cannot be removed or change its type until the experiment stops');
    // Stopped, it may be deleted, and the parameter goes.
    const stopped = (await u.call(abTestingApi.stopExperiment, { ...one, body: { revision: running.revision } })).json().experiment;
    expect(msg(await u.call(abTestingApi.startExperiment, { ...one, body: { revision: stopped.revision } }))).toBe('The experiment is stopped: it cannot be started');
    expect((await u.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: without, revision } })).statusCode).toBe(200);
    expect((await u.call(abTestingApi.deleteExperiment, one)).statusCode).toBe(200);
    expect((await u.call(abTestingApi.getExperiment, one)).statusCode).toBe(404);
  });

  it('starts one of two experiments on the same parameter started at once', async () => {
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    const [a, b] = await Promise.all([experimentOf(u, appId, experimentInput({ name: 'First' }), false), experimentOf(u, appId, experimentInput({ name: 'Second' }), false)]);
    const starts = await Promise.all([a!, b!].map((e) => u.call(abTestingApi.startExperiment, { params: { experimentId: e.id }, query: { appId }, body: { revision: e.revision } })));
    expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('edits a draft on its revision, and records every change in the audit log', async () => {
    const { appId } = await appOf(u);
    await publish(u, appId, GREETING);
    const draft = await experimentOf(u, appId, experimentInput(), false);
    const one = { params: { experimentId: draft.id }, query: { appId } };
    const edited = await u.call(abTestingApi.updateExperiment, { ...one, body: { ...experimentInput({ name: 'Renamed', targeting: { rules: [], percent: 20 } }), revision: draft.revision } });
    expect(edited.json().experiment).toMatchObject({ name: 'Renamed', revision: draft.revision + 1, state: 'draft', targeting: { percent: 20 } });
    expect((await u.call(abTestingApi.updateExperiment, { ...one, body: { ...experimentInput(), revision: draft.revision } })).statusCode).toBe(409);
    const listed = (await u.call(abTestingApi.listExperiments, { query: { appId } })).json().experiments;
    expect(listed).toMatchObject([{ id: draft.id, name: 'Renamed', createdBy: expect.any(String), startedAt: null }]);
    const actions = (await t.deps.db.execute(`select action from audit_events where target_id = '${draft.id}' order by at, id`)) as unknown as { rows: Array<{ action: string }> };
    expect(actions.rows.map((r) => r.action)).toEqual(['ab-testing.create', 'ab-testing.update']);
  });
});
