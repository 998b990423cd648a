import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appApi, teamApi, type AppClient } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo, permissionsOf, type Handler } from '../../../test/fixtures';
import { APP_ID, appClient, appShellHandlers } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

// The SDK configuration card of the app information page: the client credentials, the
// configuration file, the key's restrictions and its rotation.

const OK = { code: 0, msg: 'success' };

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  let client: AppClient = appClient();
  return {
    ...appShellHandlers(),
    [appApi.appKinds.id]: () => ({ ret: OK, items: [] }),
    [appApi.getAppClient.id]: () => ({ ret: OK, client }),
    [appApi.restrictAppKey.id]: ({ body }) => {
      const { packageNames, webOrigins } = body as AppClient;
      client = { ...client, packageNames, webOrigins };
      return { ret: OK, client };
    },
    [appApi.rotateAppKey.id]: () => {
      client = { ...client, apiKey: 'n3w-key-of-the-field-notes-app-0123456789abcd', keyRotatedAt: '2026-03-09T10:00:00.000Z', previousKeyExpiresAt: '2026-03-16T10:00:00.000Z' };
      return { ret: OK, client };
    },
    [appApi.getAppConfigFile.id]: () => ({
      ret: OK,
      fileName: 'agconnect-services.json',
      content: { configuration_version: '3.0', region: 'russia', agcgw: { url: 'x', backurl: 'x' }, agcgw_all: {}, client: { client_id: client.clientId, api_key: client.apiKey }, service: {} },
    }),
    ...over,
  };
}

const card = async () => (await screen.findByText('SDK configuration')).closest('.ant-card') as HTMLElement;

beforeEach(() => {
  setSessionCookies({ siteId: 8 });
});

afterEach(() => {
  clearSessionCookies();
  sessionStorage.clear();
});

describe('SDK configuration', () => {
  it('shows the client ID, keeps the key hidden until asked, and downloads the configuration file', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', `#/apps/${APP_ID}/info`);
    const box = await card();
    expect(await within(box).findByText('123456789012345678')).toBeTruthy();
    expect(within(box).queryByText(appClient().apiKey)).toBeNull();
    expect(within(box).getByText('••••••••••••WXYZ')).toBeTruthy();
    fireEvent.click(within(box).getByRole('button', { name: 'Show' }));
    expect(within(box).getByText(appClient().apiKey)).toBeTruthy();
    expect(within(box).getByText('Any app or web site that has this key may call your project’s services.')).toBeTruthy();

    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:config');
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    fireEvent.click(within(box).getByRole('button', { name: 'Download agconnect-services.json' }));
    expect(await screen.findByText('agconnect-services.json was downloaded. Put it in your app’s module folder.')).toBeTruthy();
    expect(clicks).toEqual(['agconnect-services.json']);
    expect(callsTo(callEndpoint, appApi.getAppConfigFile)[0]?.query).toEqual({ appId: APP_ID });
    click.mockRestore();
    vi.restoreAllMocks();
  });

  it('restricts the key to package names and web sites', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', `#/apps/${APP_ID}/info`);
    const box = await card();
    fireEvent.click(await within(box).findByRole('button', { name: 'Add this app’s package name' }));
    const origins = within(box).getByLabelText('Web sites');
    fireEvent.change(origins, { target: { value: 'https://notes.example.com' } });
    fireEvent.keyDown(origins, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await act(async () => undefined);
    fireEvent.click(within(box).getByRole('button', { name: 'Save restrictions' }));
    expect(await screen.findByText('The key restrictions were saved.')).toBeTruthy();
    expect(callsTo(callEndpoint, appApi.restrictAppKey)[0]?.body).toEqual({ appId: APP_ID, packageNames: ['com.example.fieldnotes'], webOrigins: ['https://notes.example.com'] });
    await waitFor(() => expect(within(box).getByText('Only the package names and web sites listed here may use this key.')).toBeTruthy());
  });

  it('replaces the key with the grace period chosen, and says until when the old one works', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', `#/apps/${APP_ID}/info`);
    const box = await card();
    fireEvent.click(await within(box).findByRole('button', { name: 'Replace API key' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Replace the API key?')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('For 7 days'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace API key' }));
    expect(await screen.findByText('The API key was replaced. Download the configuration file again.')).toBeTruthy();
    expect(callsTo(callEndpoint, appApi.rotateAppKey)[0]?.body).toEqual({ appId: APP_ID, graceHours: 168 });
    expect(await within(box).findByText(/The previous API key keeps working until 2026-03-16/)).toBeTruthy();
  });

  it('lets a member who may only read the app see the credentials but not change them', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.userPermission.id]: () => permissionsOf('operations') }));
    renderApp('en', `#/apps/${APP_ID}/info`);
    const box = await card();
    expect(await within(box).findByText('123456789012345678')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Download agconnect-services.json' })).toBeTruthy();
    expect(within(box).queryByRole('button', { name: 'Replace API key' })).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Save restrictions' })).toBeNull();
  });

  it('speaks Russian on the Russian site', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('ru', `#/apps/${APP_ID}/info`);
    expect(await screen.findByText('Настройка SDK')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Скачать agconnect-services.json' })).toBeTruthy();
  });
});
