import { cloudFunctionsApi as api, fileApi } from '@wharf/contract';
import { buildZip } from '@wharf/parsers/test-kit';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';

let names = 0;
const fresh = (base: string) => `${base}-${(names += 1)}`;

/** A fresh function of A's project (its description carries the marker), with version 1 and an alias `live` on it. */
async function made(s: Seed): Promise<{ projectId: string; functionId: string }> {
  const query = { projectId: s.a.projectId };
  const res = await ok<{ function: { functionId: string } }>(await s.a.holder.call(api.createFunction, { query, body: { name: fresh('matrix'), description: s.marker, code: 'module.exports.myHandler = async () => 1;' } }), 'function');
  const q = { ...query, functionId: res.function.functionId };
  await ok(await s.a.holder.call(api.publishVersion, { query: q, body: { description: s.marker } }), 'version');
  await ok(await s.a.holder.call(api.createAlias, { query: q, body: { name: 'live', version: 1, description: s.marker } }), 'alias');
  return q;
}

async function withTrigger(s: Seed): Promise<{ projectId: string; functionId: string; triggerId: string }> {
  const q = await made(s);
  const res = await ok<{ trigger: { triggerId: string } }>(await s.a.holder.call(api.createTrigger, { query: q, body: { name: s.marker.slice(0, 60), timer: { cron: '0 0 * * *' } } }), 'trigger');
  return { ...q, triggerId: res.trigger.triggerId };
}

async function withAlarm(s: Seed): Promise<{ projectId: string; functionId: string; alarmId: string }> {
  const q = await made(s);
  const res = await ok<{ alarm: { alarmId: string } }>(await s.a.holder.call(api.createAlarm, { query: q, body: { name: s.marker.slice(0, 60), metric: 'errorRate', threshold: 10, windowMinutes: 5 } }), 'alarm');
  return { ...q, alarmId: res.alarm.alarmId };
}

/** A preload policy on a fresh function of A's project, switched off (so no runner starts). */
async function withPolicy(s: Seed): Promise<{ projectId: string; functionId: string; policyId: string }> {
  const q = await made(s);
  const res = await ok<{ policy: { policyId: string } }>(await s.a.holder.call(api.createPreloadPolicy, { query: q, body: { ...POLICY, enabled: false } }), 'policy');
  return { ...q, policyId: res.policy.policyId };
}
const POLICY = { instances: 1, days: [0], startHour: 0, endHour: 1, timeZone: 'UTC' };

/** A ready layer version of A's project, from a zip (its description carries the marker). */
async function withLayer(s: Seed): Promise<{ projectId: string; layerName: string; versionNumber: number }> {
  const objectId = await layerZip(s);
  const layerName = fresh('matrix-layer');
  await ok(await s.a.holder.call(api.createLayerVersion, { query: { projectId: s.a.projectId, layerName }, body: { objectId, description: s.marker } }), 'layer');
  return { projectId: s.a.projectId, layerName, versionNumber: 1 };
}

async function layerZip(s: Seed): Promise<string> {
  const zip = buildZip([{ name: 'node_modules/m/index.js', data: 'module.exports = 1;' }]);
  return (await ok<{ object: { objectId: string } }>(await s.a.holder.call(fileApi.uploadObject, { query: { fileName: 'layer.zip', contentType: 'application/zip', bizTag: 'file' }, raw: zip }), 'layer zip')).object.objectId;
}

/** A run that failed every attempt (written as the runner leaves one), to replay. */
async function withDeadRun(s: Seed): Promise<{ projectId: string; functionId: string; runId: string }> {
  const q = await made(s);
  const { rows } = await s.t.deps.database.executeSql(
    `insert into function_trigger_runs (function_id, trigger_name, kind, qualifier, event, scheduled_for, state, attempts, max_attempts, next_at, created_at, updated_at)
     values ($1, $2, 'timer', '$latest', '{}', now(), 'dead', 3, 3, now(), now(), now()) returning id`,
    [q.functionId, s.marker.slice(0, 60)],
  );
  return { projectId: q.projectId, functionId: q.functionId, runId: (rows[0] as { id: string }).id };
}

/** A project's cloud functions: each call on a fresh function of A's project. */
export function cloudFunctionsBuilders(): Builders {
  return {
    'cloudFunctions.list': { build: async (s) => (await made(s), { query: { projectId: s.a.projectId } }) },
    'cloudFunctions.get': { build: async (s) => ({ query: await made(s) }) },
    'cloudFunctions.create': { build: (s) => ({ query: { projectId: s.a.projectId }, body: { name: fresh('created'), description: s.marker } }) },
    'cloudFunctions.uploadCode': {
      build: async (s) => {
        const zip = buildZip([{ name: 'index.js', data: 'module.exports.myHandler = async () => 1;' }]);
        const file = await ok<{ object: { objectId: string } }>(await s.a.holder.call(fileApi.uploadObject, { query: { fileName: 'code.zip', contentType: 'application/zip', bizTag: 'file' }, raw: zip }), 'zip');
        return { query: await made(s), body: { objectId: file.object.objectId } };
      },
    },
    'cloudFunctions.update': { build: async (s) => ({ query: await made(s), body: { description: 'changed' } }) },
    'cloudFunctions.delete': { build: async (s) => ({ query: await made(s) }) },
    'cloudFunctions.publishVersion': { build: async (s) => ({ query: await made(s), body: { description: 'next' } }) },
    'cloudFunctions.listVersions': { build: async (s) => ({ query: await made(s) }) },
    'cloudFunctions.deleteVersion': {
      build: async (s) => {
        const q = await made(s);
        await ok(await s.a.holder.call(api.publishVersion, { query: q, body: {} }), 'second version');
        return { query: { ...q, version: '2' } };
      },
    },
    'cloudFunctions.listAliases': { build: async (s) => ({ query: await made(s) }) },
    'cloudFunctions.createAlias': { build: async (s) => ({ query: await made(s), body: { name: 'beta', version: 1 } }) },
    'cloudFunctions.updateAlias': { build: async (s) => ({ query: { ...(await made(s)), alias: 'live' }, body: { version: 1, description: 'moved' } }) },
    'cloudFunctions.deleteAlias': { build: async (s) => ({ query: { ...(await made(s)), alias: 'live' } }) },
    'cloudFunctions.test': { build: async (s) => ({ query: await made(s), body: { qualifier: 'live', event: {} } }) },
    'cloudFunctions.logs': { build: async (s) => ({ query: { ...(await made(s)), text: 'hello', levels: 'info,error' } }) },
    'cloudFunctions.invocations': { build: async (s) => ({ query: await made(s) }) },
    'cloudFunctions.metrics': { build: async (s) => ({ query: { ...(await made(s)), range: '1h' } }) },
    'cloudFunctions.testEvents': { build: async (s) => ({ query: await made(s) }) },
    'cloudFunctions.saveTestEvent': { build: async (s) => ({ query: await made(s), body: { name: s.marker.slice(0, 60), event: { marker: s.marker } } }) },
    'cloudFunctions.deleteTestEvent': {
      build: async (s) => {
        const q = await made(s);
        await ok(await s.a.holder.call(api.saveTestEvent, { query: q, body: { name: 'matrix', event: {} } }), 'test event');
        return { query: { ...q, name: 'matrix' } };
      },
    },
    'cloudFunctions.instances': { build: async (s) => ({ query: await made(s) }) },
    'cloudFunctions.preloadPolicies': { build: async (s) => ({ query: await withPolicy(s).then(({ projectId, functionId }) => ({ projectId, functionId })) }) },
    'cloudFunctions.createPreloadPolicy': { build: async (s) => ({ query: await made(s), body: { ...POLICY, enabled: false } }) },
    'cloudFunctions.updatePreloadPolicy': { build: async (s) => ({ query: await withPolicy(s), body: { ...POLICY, instances: 2, enabled: false } }) },
    'cloudFunctions.deletePreloadPolicy': { build: async (s) => ({ query: await withPolicy(s) }) },
    'cloudFunctions.listLayers': { build: async (s) => ({ query: { projectId: (await withLayer(s)).projectId } }) },
    'cloudFunctions.listLayerVersions': { build: async (s) => ({ query: await withLayer(s).then(({ projectId, layerName }) => ({ projectId, layerName })) }) },
    'cloudFunctions.createLayerVersion': { build: async (s) => ({ query: { projectId: s.a.projectId, layerName: fresh('matrix-layer') }, body: { objectId: await layerZip(s), description: s.marker } }) },
    'cloudFunctions.deleteLayerVersion': { build: async (s) => ({ query: await withLayer(s) }) },
    'cloudFunctions.alarms': { build: async (s) => ({ query: await made(s) }) },
    'cloudFunctions.createAlarm': { build: async (s) => ({ query: await made(s), body: { name: s.marker.slice(0, 60), metric: 'p95', threshold: 500, windowMinutes: 15 } }) },
    'cloudFunctions.updateAlarm': { build: async (s) => ({ query: await withAlarm(s), body: { name: s.marker.slice(0, 60), metric: 'errors', threshold: 3, windowMinutes: 60, enabled: false } }) },
    'cloudFunctions.deleteAlarm': { build: async (s) => ({ query: await withAlarm(s) }) },
    'cloudFunctions.triggers': { build: async (s) => ({ query: await made(s) }) },
    'cloudFunctions.createTrigger': { build: async (s) => ({ query: await made(s), body: { name: s.marker.slice(0, 60), qualifier: 'live', timer: { cron: '0 9 * * 1-5', timeZone: 'Europe/Berlin' } } }) },
    'cloudFunctions.updateTrigger': { build: async (s) => ({ query: await withTrigger(s), body: { name: s.marker.slice(0, 60), enabled: false, timer: { cron: '*/10 * * * *' } } }) },
    'cloudFunctions.deleteTrigger': { build: async (s) => ({ query: await withTrigger(s) }) },
    'cloudFunctions.triggerRuns': { build: async (s) => ({ query: { ...(await made(s)), state: 'dead' } }) },
    'cloudFunctions.replayTriggerRun': { build: async (s) => ({ query: await withDeadRun(s) }) },
  };
}
