import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cloudFunctionsApi as api, type FunctionLayerVersion } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { AT, FN_ID, functionPageHandlers, OK, ordersFunction, PROJECT_ID } from './fixtures';

// Layers as a person uses them: the project's list with each version's build, a new one
// from a package.json, and a function's Code tab picking a ready version.

const version = (v: number, o: Partial<FunctionLayerVersion> = {}): FunctionLayerVersion => ({
  layerName: 'shared', version: v, description: '', source: 'packageJson', state: 'ready', packageJson: '{"dependencies":{"tiny-pad":"^1.2.0"}}', zipSize: 900, unzippedSize: 2048, files: 3,
  packages: [{ name: 'tiny-pad', version: '1.2.0' }], buildLog: 'added 1 package in 1s', usedBy: [], createdAt: AT, readyAt: AT, ...o,
});

function serve(start: 'none' | 'one') {
  let versions = start === 'one' ? [version(1, { usedBy: [{ functionName: 'orders', qualifier: '$latest' }] })] : [];
  const layer = () => ({ layerName: 'shared', latestVersion: versions[0]!.version, latestState: versions[0]!.state, versions: versions.length, readyVersions: versions.filter((v) => v.state === 'ready').map((v) => v.version), updatedAt: AT });
  answerCalls(callEndpoint, {
    ...functionPageHandlers(),
    [api.listFunctions.id]: () => ({ ret: OK, items: [ordersFunction], nextCursor: null, total: 1 }),
    [api.listLayers.id]: () => ({ ret: OK, layers: versions.length ? [layer()] : [] }),
    [api.listLayerVersions.id]: () => ({ ret: OK, versions }),
    [api.createLayerVersion.id]: () => {
      versions = [version(versions.length + 1, { state: 'building', buildLog: '', packages: [], readyAt: null }), ...versions];
      return { ret: OK, version: versions[0] };
    },
    [api.updateFunction.id]: () => ({ ret: OK, function: ordersFunction }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('layers', () => {
  it('say what to do when there are none, then build one from a package.json, its build shown as it runs', async () => {
    serve('none');
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions?tab=layers`);
    expect(await screen.findByText(/No layers yet. Choose New layer version and paste a package.json/)).toBeTruthy();
    fireEvent.click(screen.getByText('New layer version').closest('button')!);
    fireEvent.change(await screen.findByLabelText('Layer name'), { target: { value: 'shared' } });
    fireEvent.change(await screen.findByTestId('code-editor'), { target: { value: '{"dependencies":{}}' } });
    fireEvent.click(screen.getByText('Add version').closest('button')!);
    expect(await screen.findByText('Add at least one package under "dependencies".')).toBeTruthy();
    // What was typed stays on the device until it is sent.
    expect(localStorage.getItem(`wharf.layerDraft.${PROJECT_ID}`)).toContain('shared');
    fireEvent.change(screen.getByTestId('code-editor'), { target: { value: '{"dependencies":{"tiny-pad":"^1.2.0"}}' } });
    fireEvent.click(screen.getByText('Add version').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.createLayerVersion)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.createLayerVersion)[0]).toMatchObject({ query: { projectId: PROJECT_ID, layerName: 'shared' }, body: { description: '', packageJson: '{"dependencies":{"tiny-pad":"^1.2.0"}}' } });
    expect(localStorage.getItem(`wharf.layerDraft.${PROJECT_ID}`)).toBeNull();
    expect(await screen.findByText('Building')).toBeTruthy();
  });

  it('list a layer’s versions with their packages and users, refusing to delete one in use', async () => {
    serve('one');
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions?tab=layers`);
    fireEvent.click((await screen.findByLabelText('Expand row')));
    expect(await screen.findByText('tiny-pad@1.2.0')).toBeTruthy();
    expect(screen.getByText('orders $latest')).toBeTruthy();
    expect((screen.getAllByText('Delete').at(-1)!.closest('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('are picked on a function’s Code tab and saved with it', async () => {
    serve('one');
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}`);
    const field = await screen.findByLabelText('Layers');
    fireEvent.mouseDown(field);
    fireEvent.click(await screen.findByText('shared · Version 1'));
    fireEvent.click(screen.getAllByText('Save').map((e) => e.closest('button')!).find((b) => b.type === 'submit')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.updateFunction)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.updateFunction)[0]!.body).toMatchObject({ layers: [{ layerName: 'shared', version: 1 }] });
  });
});
