import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { FUNCTION_TEMPLATE } from '@wharf/rules';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { AT, FN_ID, functionPageHandlers, OK, ordersFunction, PROJECT_ID } from './fixtures';

// The Code tab as an editor of several files: add, name (checked), edit, delete, and
// publishing unsaved edits, which saves them first and shows each step.

function serve() {
  answerCalls(callEndpoint, {
    ...functionPageHandlers(),
    [api.updateFunction.id]: () => ({ ret: OK, function: ordersFunction }),
    [api.publishVersion.id]: () => ({ ret: OK, version: { version: 1, description: '', handler: 'myHandler', memoryMb: 256, timeoutSeconds: 5, concurrency: 1, codeSha256: 'a'.repeat(64), codeSize: 1, layers: [], aliases: [], createdAt: AT } }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

const editor = async (path: string) => (await screen.findByLabelText(`Code (${path})`)) as HTMLTextAreaElement;

describe('the functions IDE', () => {
  it('adds a second file, refusing a path out of its folder, and publishes both after saving them', async () => {
    serve();
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}`);
    expect((await editor('index.js')).value).toBe(FUNCTION_TEMPLATE);
    fireEvent.click(screen.getByText('New file').closest('button')!);
    fireEvent.change(screen.getByLabelText('New file name'), { target: { value: '../secrets.js' } });
    expect(screen.getByText(/Letters, digits, _, - and \. in up to five folders/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New file name'), { target: { value: 'lib/greet.js' } });
    fireEvent.click(screen.getByText('OK').closest('button')!);
    fireEvent.change(await editor('lib/greet.js'), { target: { value: "exports.greet = (n) => 'Hi ' + n;" } });
    // Back to index.js: its text is as it was, and the new file is kept on the device.
    fireEvent.click(screen.getByText('index.js'));
    fireEvent.change(await editor('index.js'), { target: { value: "module.exports.myHandler = async (e) => require('./lib/greet').greet(e.name);" } });
    await waitFor(() => expect(localStorage.getItem(`wharf.functionDraft.${FN_ID}`)).toContain('lib/greet.js'));

    fireEvent.click(screen.getByText('Save and publish').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.publishVersion)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.updateFunction)[0]!.body).toMatchObject({
      files: { 'index.js': "module.exports.myHandler = async (e) => require('./lib/greet').greet(e.name);", 'lib/greet.js': "exports.greet = (n) => 'Hi ' + n;" },
    });
    expect(await screen.findByText('Ready')).toBeTruthy();
  });

  it('renames and deletes a file, but never index.js', async () => {
    serve();
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}`);
    await editor('index.js');
    expect(screen.queryByText('Rename')).toBeNull();
    fireEvent.click(screen.getByText('New file').closest('button')!);
    fireEvent.change(screen.getByLabelText('New file name'), { target: { value: 'util.js' } });
    fireEvent.click(screen.getByText('OK').closest('button')!);
    fireEvent.click(await screen.findByText('Rename'));
    fireEvent.change(screen.getByLabelText('New name'), { target: { value: 'index.js' } });
    expect(screen.getByText('There is a file index.js already')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New name'), { target: { value: 'helpers.js' } });
    fireEvent.click(screen.getByText('OK').closest('button')!);
    expect(await editor('helpers.js')).toBeTruthy();
    fireEvent.click(screen.getByText('Delete').closest('button')!);
    fireEvent.click((await screen.findAllByText('OK')).at(-1)!.closest('button')!);
    await waitFor(() => expect(screen.queryByText('helpers.js')).toBeNull());
    fireEvent.click(screen.getAllByText('Save').map((e) => e.closest('button')!).find((b) => b.type === 'submit')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.updateFunction)).toHaveLength(1));
    expect(Object.keys((callsTo(callEndpoint, api.updateFunction)[0]!.body as { files?: object }).files ?? {})).toEqual([]);
  });
});
