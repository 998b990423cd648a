import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cloudFunctionsApi as api, fileApi, projectApi, type CloudFunction, type FunctionAlias } from '@wharf/contract';
import { FUNCTION_TEMPLATE } from '@wharf/rules';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

const OK = { code: 0, msg: 'success' };
const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const FN_ID = '00000000-0000-4000-8000-000000000101';
const AT = '2026-03-09T12:00:00.000Z';
const fn = (name: string, o: Partial<CloudFunction> = {}): CloudFunction => ({
  functionId: FN_ID, projectId: PROJECT_ID, name, runtime: 'nodejs20', handler: 'myHandler', memoryMb: 256, timeoutSeconds: 5, concurrency: 1, description: '', httpAuth: 'none',
  env: [{ name: 'API_KEY', hint: '…cdef' }], codeSha256: 'a'.repeat(64), codeSize: 120, codeSource: 'inline', entry: 'index.js', layers: [], latestVersion: 2, triggerUrl: `http://usercontent.localhost:8081/functions/${PROJECT_ID}/${name}/`, createdAt: AT, updatedAt: AT, ...o,
});
const version = (v: number) => ({ version: v, description: '', handler: 'myHandler', memoryMb: 256, timeoutSeconds: 5, concurrency: 1, codeSha256: 'a'.repeat(64), codeSize: 120, layers: [], aliases: [], createdAt: AT });

function serve(initial: CloudFunction[]) {
  let items = initial;
  let aliases: FunctionAlias[] = [];
  answerCalls(callEndpoint, {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: { projectId: PROJECT_ID, name: 'P', dataLocation: 'china', createdAt: AT, updatedAt: AT } }),
    [api.listFunctions.id]: () => ({ ret: OK, items, nextCursor: null, total: items.length }),
    [api.createFunction.id]: (o) => {
      const created = fn((o.body as { name: string }).name, { latestVersion: null, env: [] });
      items = [created, ...items];
      return { ret: OK, function: created };
    },
    [api.getFunction.id]: () => ({ ret: OK, function: items[0], code: items[0]!.codeSource === 'zip' ? '' : FUNCTION_TEMPLATE, sources: items[0]!.codeSource === 'zip' ? {} : { 'index.js': FUNCTION_TEMPLATE }, files: items[0]!.codeSource === 'zip' ? [{ path: 'lib/a.js', size: 10 }, { path: 'main.js', size: 20 }] : [] }),
    [fileApi.uploadObject.id]: () => ({ ret: OK, object: { objectId: '00000000-0000-4000-8000-000000000777' } }),
    [api.uploadCode.id]: () => {
      items = [{ ...items[0]!, codeSource: 'zip', entry: 'main.js' }];
      return { ret: OK, function: items[0] };
    },
    [api.updateFunction.id]: () => ({ ret: OK, function: items[0] }),
    [api.listVersions.id]: () => ({ ret: OK, versions: [version(2), version(1)] }),
    [api.listAliases.id]: () => ({ ret: OK, aliases }),
    [api.createAlias.id]: (o) => {
      const b = o.body as FunctionAlias;
      const made = { ...b, url: `${items[0]!.triggerUrl}${b.name}`, updatedAt: AT };
      aliases = [made];
      return { ret: OK, alias: made };
    },
    [api.listTestEvents.id]: () => ({ ret: OK, events: [{ name: 'big order', event: { order: 'A17' }, updatedAt: AT }] }),
    [api.saveTestEvent.id]: (o) => ({ ret: OK, event: { ...(o.body as object), updatedAt: AT } }),
    [api.testFunction.id]: () => ({ ret: OK, invocation: { requestId: 'r1', outcome: 'ok', result: { message: 'Hello, Wharf!' }, ran: '$latest', coldStart: true, durationMs: 42.5, output: 'event: {}\n' } }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('cloud functions pages', () => {
  it('say what to do when empty, then create a function and open it', async () => {
    serve([]);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions`);
    expect(await screen.findByText(/No functions yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByText('Create function').closest('button')!);
    expect(await screen.findByLabelText('Code (index.js)')).toBeTruthy();
    expect(callsTo(callEndpoint, api.createFunction)[0]).toMatchObject({ query: { projectId: PROJECT_ID }, body: { name: 'hello', memoryMb: 256, timeoutSeconds: 5 } });
    expect(screen.getByText(`http://usercontent.localhost:8081/functions/${PROJECT_ID}/hello/$latest`)).toBeTruthy();
  });

  it('save code with a kept secret and a new variable, and keep unsaved code on the device', async () => {
    serve([fn('hello')]);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}`);
    const code = (await screen.findByLabelText('Code (index.js)')) as HTMLTextAreaElement;
    expect(code.value).toBe(FUNCTION_TEMPLATE);
    fireEvent.change(code, { target: { value: 'module.exports.myHandler = async () => 1;' } });
    await waitFor(() => expect(localStorage.getItem(`wharf.functionDraft.${FN_ID}`)).toContain('async () => 1'));
    fireEvent.click(screen.getByText('Add variable').closest('button')!);
    const names = screen.getAllByLabelText('Name');
    fireEvent.change(names[names.length - 1]!, { target: { value: 'LEVEL' } });
    const values = screen.getAllByLabelText('Value');
    fireEvent.change(values[values.length - 1]!, { target: { value: '3' } });
    fireEvent.mouseDown(screen.getByLabelText('Who may call its HTTP address'));
    fireEvent.click((await screen.findAllByText("The project's API clients")).find((e) => e.closest('.ant-select-item'))!);
    fireEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.updateFunction)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.updateFunction)[0]).toMatchObject({ body: { files: { 'index.js': 'module.exports.myHandler = async () => 1;' }, httpAuth: 'apiClient', env: [{ name: 'API_KEY' }, { name: 'LEVEL', value: '3' }] } });
    expect(JSON.stringify(callsTo(callEndpoint, api.updateFunction)[0])).not.toContain('"API_KEY","value"');
    await waitFor(() => expect(localStorage.getItem(`wharf.functionDraft.${FN_ID}`)).toBeNull());
  });

  it('upload a zip as the code, with its entry file, and show what it holds', async () => {
    serve([fn('hello')]);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}`);
    const entry = await screen.findByLabelText('Entry file');
    fireEvent.change(entry, { target: { value: 'main.js' } });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['PK'], 'code.zip', { type: 'application/zip' })] } });
    await waitFor(() => expect(callsTo(callEndpoint, api.uploadCode)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.uploadCode)[0]).toMatchObject({ body: { objectId: '00000000-0000-4000-8000-000000000777', entry: 'main.js' } });
    expect(await screen.findByText(/Code from a zip: 2 files/)).toBeTruthy();
    expect(screen.getByText('lib/a.js · main.js')).toBeTruthy();
  });

  it('run a test and show its result and output, in Russian too', async () => {
    serve([fn('hello')]);
    renderApp('ru', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=test`);
    fireEvent.click((await screen.findByText('Запустить проверку')).closest('button')!);
    expect(await screen.findByText('Успешно')).toBeTruthy();
    expect(screen.getByLabelText('Результат').textContent).toContain('Hello, Wharf!');
    expect(screen.getByLabelText('Вывод').textContent).toBe('event: {}\n');
    expect(callsTo(callEndpoint, api.testFunction)[0]).toMatchObject({ body: { qualifier: '$latest', event: { queryStringParameters: { name: 'Wharf' } } } });
  });

  it('save a test event under a name for the team, load a saved one, and keep what is typed on the device', async () => {
    serve([fn('hello')]);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=test`);
    const event = await screen.findByLabelText('Event (JSON)');
    fireEvent.change(event, { target: { value: '{"order": "B22"}' } });
    expect(localStorage.getItem(`wharf.functionTestEvent.${FN_ID}`)).toContain('B22');
    fireEvent.change(screen.getByLabelText('Name to save it under'), { target: { value: 'small order' } });
    fireEvent.click(screen.getByText('Save event').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.saveTestEvent)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.saveTestEvent)[0]).toMatchObject({ body: { name: 'small order', event: { order: 'B22' } } });
    fireEvent.mouseDown(screen.getByLabelText('Saved events'));
    fireEvent.click(await screen.findByText('big order', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect((screen.getByLabelText('Event (JSON)') as HTMLTextAreaElement).value).toContain('"order": "A17"'));
  });

  it('split an alias between two versions by weight', async () => {
    serve([fn('hello')]);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=aliases`);
    const add = (await screen.findByText('New alias')).closest('button')!;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Alias'), { target: { value: 'prod' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Additional version (optional)'));
    fireEvent.click((await screen.findAllByText('Version 1')).find((e) => e.closest('.ant-select-item'))!);
    expect(await within(dialog).findByText('Version 2 gets 90% of calls, version 1 gets 10%.')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Save').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.createAlias)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.createAlias)[0]).toMatchObject({ body: { name: 'prod', version: 2, additionalVersion: 1, additionalWeight: 10 } });
    expect(await screen.findByText('Version 2 90% · version 1 10%')).toBeTruthy();
  });
});
