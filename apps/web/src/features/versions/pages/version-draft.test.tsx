import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { versionApi } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { APP_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { button, COMPLETE, handlers, listing, OK, version, VERSION_ID } from './version-fixtures';
import { callEndpoint } from '../../../test/call-mock';

// The version page is the longest form of the console: nothing typed there is lost to a
// reload, a move to another page or a refetch of the version.

const KEY = `wharf.versionDraft.${VERSION_ID}`;
const nameInput = () => screen.getByLabelText('App name') as HTMLInputElement;
const kept = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as { draft: { password: string; listings: Record<string, { name: string }> } } | null;
const leaveAttempt = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

async function openDraft() {
  const page = renderApp('en', `#/apps/${APP_ID}/version`);
  expect(await screen.findByText('Draft')).toBeTruthy();
  await waitFor(() => expect(nameInput().value).toBe('Field Notes'));
  return page;
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
  localStorage.clear();
});

describe('unsaved edits on the version page', () => {
  it('keeps the last keystroke on this device when the page goes away right after it', async () => {
    answerCalls(callEndpoint, handlers(version()));
    const page = await openDraft();
    fireEvent.change(nameInput(), { target: { value: 'Field Notes Pro' } });
    page.unmount();
    expect(kept()?.draft.listings.enUS?.name).toBe('Field Notes Pro');
  });

  it('asks before a reload or a move to another page while edits are unsaved, and stays when asked to', async () => {
    answerCalls(callEndpoint, handlers(version()));
    await openDraft();
    expect(leaveAttempt()).toBe(false);

    fireEvent.change(nameInput(), { target: { value: 'Field Notes Pro' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(leaveAttempt()).toBe(true);

    // The breadcrumb's "My apps": the console asks first; Stay keeps the page and the text.
    const myApps = () => document.querySelector('.ant-breadcrumb a') as HTMLAnchorElement;
    fireEvent.click(myApps());
    // antd writes a confirm dialog's title twice (the header for screen readers, and the body).
    expect((await screen.findAllByText('Leave without saving?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(window.location.hash).toBe(`#/apps/${APP_ID}/version`);
    expect(nameInput().value).toBe('Field Notes Pro');

    // Leave goes, and the edits wait on this device.
    fireEvent.click(myApps());
    fireEvent.click((await screen.findAllByRole('button', { name: 'Leave' })).at(-1)!);
    await waitFor(() => expect(window.location.hash).toBe('#/apps'));
    expect(kept()?.draft.listings.enUS?.name).toBe('Field Notes Pro');
  });

  it('offers a kept draft back after a reload, never stores the test account password, and discards on request', async () => {
    answerCalls(callEndpoint, handlers(version({ testAccount: { account: 'reviewer', password: 'server secret' } })));
    await openDraft();
    fireEvent.change(nameInput(), { target: { value: 'Field Notes Pro' } });
    fireEvent.change(screen.getByLabelText('Test password'), { target: { value: 'typed secret' } });
    await waitFor(() => expect(kept()?.draft.listings.enUS?.name).toBe('Field Notes Pro'));
    expect(kept()?.draft.password).toBe('');
    expect(localStorage.getItem(KEY)).not.toContain('secret');

    // The page again, as after a reload: the saved version, and the offer of the kept edits.
    cleanup();
    await openDraft();
    expect(screen.getByText(/^Unsaved changes from \d{4}-\d\d-\d\d \d\d:\d\d were kept on this device\.$/)).toBeTruthy();
    fireEvent.click(button('Restore them'));
    expect(nameInput().value).toBe('Field Notes Pro');
    // The password is the saved one, not blank.
    expect((screen.getByLabelText('Test password') as HTMLInputElement).value).toBe('server secret');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    cleanup();
    await openDraft();
    fireEvent.click(button('Discard'));
    expect(nameInput().value).toBe('Field Notes');
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(screen.queryByText(/were kept on this device/)).toBeNull();
  });

  it('keeps what is typed when the version is read again with a newer save, and follows the server after its own save', async () => {
    let saved = version();
    answerCalls(
      callEndpoint,
      handlers(saved, {
        [versionApi.getVersion.id]: () => ({ ret: OK, version: saved, completeness: COMPLETE }),
        [versionApi.updateVersion.id]: ({ body }) => {
          const b = body as { listings: Array<{ language: string; name: string }> };
          saved = version({ listings: b.listings.map((l) => listing({ ...l, name: l.name.trim() })), updatedAt: '2026-03-09T12:00:00.000Z' });
          return { ret: OK, version: saved, completeness: COMPLETE };
        },
      }),
    );
    const { queryClient } = renderApp('en', `#/apps/${APP_ID}/version`);
    await waitFor(() => expect(nameInput().value).toBe('Field Notes'));
    fireEvent.change(nameInput(), { target: { value: 'Typed here' } });
    // Someone else saved meanwhile; the page reads the version again.
    saved = version({ reviewNotes: 'from a colleague', updatedAt: '2026-03-09T11:00:00.000Z' });
    await queryClient.invalidateQueries();
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.getVersion).length).toBeGreaterThan(1));
    expect(nameInput().value).toBe('Typed here');

    // Its own save: the form shows the server's answer (trimmed) and nothing is unsaved.
    fireEvent.change(nameInput(), { target: { value: 'Saved name ' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(nameInput().value).toBe('Saved name'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(leaveAttempt()).toBe(false);
  });
});
