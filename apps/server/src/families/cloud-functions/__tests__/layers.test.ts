import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cloudFunctionsApi as api, fileApi, HEADERS, projectApi, type FunctionLayerVersion } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { startLocalRegistry, type LocalRegistry } from '@wharf/runner/testing';
import { buildZip } from '@wharf/parsers/test-kit';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

// Layers: node_modules shared by a project's functions, uploaded as a zip or built from a
// package.json by npm in the functions' sandbox (install scripts never run), versioned,
// attached to functions in order, and kept while any function uses them.

let t: TestApp;
let u: TestUser;
let registry: LocalRegistry;
let projectId: string;
beforeAll(async () => {
  registry = await startLocalRegistry([
    { name: 'tiny-pad', version: '1.2.0', files: { 'index.js': "module.exports = (s, n) => String(s).padStart(n, '*');" } },
    {
      name: 'noisy-setup', version: '0.3.0', dependencies: { 'tiny-pad': '^1.0.0' },
      files: { 'index.js': "module.exports = () => require('fs').existsSync(__dirname + '/SCRIPT-RAN') ? 'script ran' : 'no script ran';", 'setup.js': "require('fs').writeFileSync(__dirname + '/SCRIPT-RAN', 'yes');" },
      scripts: { install: 'node setup.js', postinstall: 'node setup.js' },
    },
  ]);
  t = await createTestApp({ env: { WHARF_JOBS: 'on', FUNCTION_LAYER_REGISTRY: registry.localUrl } });
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Layered' } })).json().project.projectId as string;
});
afterAll(async () => {
  await t.close();
  await registry.close();
});

async function uploadZip(entries: Parameters<typeof buildZip>[0]) {
  const file = await u.call(fileApi.uploadObject, { query: { fileName: 'layer.zip', contentType: 'application/zip', bizTag: 'file' }, raw: buildZip(entries) });
  expect(file.statusCode, file.body).toBe(200);
  return file.json().object.objectId as string;
}
const versions = async (layerName: string) => (await u.call(api.listLayerVersions, { query: { projectId, layerName } })).json().versions as FunctionLayerVersion[];

describe('layers', () => {
  it('from a zip: ready at once, attached to a function, its packages found by require', async () => {
    const objectId = await uploadZip([
      { name: 'nodejs/node_modules/greeter/package.json', data: JSON.stringify({ name: 'greeter', version: '2.0.0' }) },
      { name: 'nodejs/node_modules/greeter/index.js', data: "module.exports = (n) => 'hello ' + n;" },
    ]);
    const made = await u.call(api.createLayerVersion, { query: { projectId, layerName: 'greetings' }, body: { objectId, description: 'greeter 2' } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().version).toMatchObject({ version: 1, state: 'ready', source: 'zip', files: 2, packages: [{ name: 'greeter', version: '2.0.0' }] });
    expect((await u.call(api.listLayers, { query: { projectId } })).json().layers).toMatchObject([{ layerName: 'greetings', latestVersion: 1, latestState: 'ready', versions: 1, readyVersions: [1] }]);

    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'greet', code: "module.exports.myHandler = async (e) => require('greeter')(e.name);" } })).json().function;
    const q = { projectId, functionId: fn.functionId };
    const attached = await u.call(api.updateFunction, { query: q, body: { layers: [{ layerName: 'greetings', version: 1 }] } });
    expect(attached.json().function.layers).toEqual([{ layerName: 'greetings', version: 1 }]);
    if (bubblewrapAvailable()) expect((await u.call(api.testFunction, { query: q, body: { event: { name: 'Ann' } } })).json().invocation).toMatchObject({ outcome: 'ok', result: 'hello Ann' });
    expect((await u.call(api.publishVersion, { query: q, body: {} })).json().version.layers).toEqual([{ layerName: 'greetings', version: 1 }]);

    // Used by $latest and version 1: not deleted, saying by what.
    const refused = await u.call(api.deleteLayerVersion, { query: { projectId, layerName: 'greetings', versionNumber: 1 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toContain('greet:$latest, greet:1');
    expect((await versions('greetings'))[0]!.usedBy).toEqual([{ functionName: 'greet', qualifier: '$latest' }, { functionName: 'greet', qualifier: '1' }]);
  });

  it('refuses a zip that is not node_modules, a layer twice, and a version that is not there, in the caller language', async () => {
    const objectId = await uploadZip([{ name: 'index.js', data: 'x' }]);
    const bad = await u.call(api.createLayerVersion, { query: { projectId, layerName: 'loose' }, body: { objectId }, headers: { [HEADERS.language]: 'ru' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('node_modules/');
    expect((await u.call(api.listLayers, { query: { projectId } })).json().layers.map((l: { layerName: string }) => l.layerName)).not.toContain('loose');
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'lonely' } })).json().function;
    const q = { projectId, functionId: fn.functionId };
    expect((await u.call(api.updateFunction, { query: q, body: { layers: [{ layerName: 'greetings', version: 1 }, { layerName: 'greetings', version: 1 }] } })).statusCode).toBe(400);
    const missing = await u.call(api.updateFunction, { query: q, body: { layers: [{ layerName: 'greetings', version: 7 }] } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().ret.msg).toContain('version 7');
    expect((await u.call(api.createLayerVersion, { query: { projectId, layerName: 'nodeps' }, body: { packageJson: '{"name":"x"}' } })).statusCode).toBe(400);
  });

  it('adds no version whose build could not be queued, and says to try again', async () => {
    const send = vi.spyOn(t.deps.jobs, 'sendIn').mockRejectedValueOnce(new Error('the queue is down'));
    try {
      const res = await u.call(api.createLayerVersion, { query: { projectId, layerName: 'unqueued' }, body: { packageJson: JSON.stringify({ dependencies: { 'tiny-pad': '1.2.0' } }) } });
      expect(res.statusCode).toBe(503);
      expect(res.json().ret.msg).toBe('The build of this layer version could not be queued; try again shortly');
    } finally {
      send.mockRestore();
    }
    expect((await u.call(api.listLayers, { query: { projectId } })).json().layers.map((l: { layerName: string }) => l.layerName)).not.toContain('unqueued');
    const made = await t.deps.database.executeSql(`select 1 from audit_events where action = 'cloud-functions.createLayerVersion' and data->>'name' = 'unqueued'`);
    expect(made.rows).toEqual([]);
  });

  it.skipIf(!bubblewrapAvailable())('from a package.json: built by npm with no install script run, then deleted once no function uses it', async () => {
    const made = await u.call(api.createLayerVersion, { query: { projectId, layerName: 'built' }, body: { packageJson: JSON.stringify({ dependencies: { 'noisy-setup': '0.3.0' } }) } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().version).toMatchObject({ state: 'building', source: 'packageJson' });
    await expect.poll(async () => (await versions('built'))[0]!.state, { timeout: 60_000, interval: 250 }).not.toBe('building');
    const built = (await versions('built'))[0]!;
    expect(built.state, built.buildLog).toBe('ready');
    expect(built.packages).toEqual([{ name: 'noisy-setup', version: '0.3.0' }, { name: 'tiny-pad', version: '1.2.0' }]);
    expect(built.buildLog).toMatch(/added 2 packages/);

    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'padded', code: "module.exports.myHandler = async () => [require('tiny-pad')('7', 3), require('noisy-setup')()];" } })).json().function;
    const q = { projectId, functionId: fn.functionId };
    expect((await u.call(api.updateFunction, { query: q, body: { layers: [{ layerName: 'built', version: 1 }] } })).statusCode).toBe(200);
    const invocation = (await u.call(api.testFunction, { query: q, body: {} })).json().invocation;
    expect(invocation, JSON.stringify(invocation)).toMatchObject({ outcome: 'ok', result: ['**7', 'no script ran'] });

    // A package the registry does not have: failed, with npm's reason.
    await u.call(api.createLayerVersion, { query: { projectId, layerName: 'built' }, body: { packageJson: JSON.stringify({ dependencies: { 'not-in-registry': '1.0.0' } }) } });
    await expect.poll(async () => (await versions('built'))[0]!.state, { timeout: 60_000, interval: 250 }).toBe('failed');
    expect((await versions('built'))[0]!.buildLog).toMatch(/404/);
    expect((await u.call(api.updateFunction, { query: q, body: { layers: [{ layerName: 'built', version: 2 }] } })).statusCode).toBe(409);

    expect((await u.call(api.updateFunction, { query: q, body: { layers: [] } })).statusCode).toBe(200);
    expect((await u.call(api.deleteLayerVersion, { query: { projectId, layerName: 'built', versionNumber: 1 } })).statusCode).toBe(200);
    expect((await u.call(api.deleteLayerVersion, { query: { projectId, layerName: 'built', versionNumber: 2 } })).statusCode).toBe(200);
    expect((await u.call(api.listLayers, { query: { projectId } })).json().layers.map((l: { layerName: string }) => l.layerName)).not.toContain('built');
    const actions = (await t.deps.database.executeSql(`select action from audit_events where action like 'cloud-functions.%Layer%' or action = 'cloud-functions.layerBuilt'`)).rows.map((r) => (r as { action: string }).action);
    expect(actions).toEqual(expect.arrayContaining(['cloud-functions.createLayerVersion', 'cloud-functions.layerBuilt', 'cloud-functions.deleteLayerVersion']));
  }, 120_000);
});
