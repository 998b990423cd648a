// @vitest-environment jsdom
/// <reference types="node" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { appApi, authApi, consoleApi, projectApi, teamApi, type ClientConfig } from '@wharf/contract';
import { setRequestClient } from '../../../request/call';
import { RequestClient } from '../../../request/client';
import { renderApp } from '../../../test/render';
import { openPageAt, startRealServer, type RealServer } from '../../../test/real-server';

// The projects and apps screens against the real server, through the real request layer:
// the refusals the server gives are what the person reads.

let server: RealServer;
let client: RequestClient;

beforeAll(async () => {
  server = await startRealServer();
  openPageAt(server.address);
  const config = (await (await fetch(`${server.address}${consoleApi.getConfig.fullPath}`)).json()) as ClientConfig;
  client = new RequestClient({ language: () => 'en', dev: false, config });
  setRequestClient(client);
  await client.request(authApi.register, { body: { email: `projects-${process.pid}@example.com`, password: 'correct horse battery', displayName: 'Pia Projects' } });
  await client.request(teamApi.createMainUser, { body: { name: 'Pia Projects' } });
  const { project } = await client.request(projectApi.createProject, { body: { name: 'Busy project' } });
  await client.request(appApi.createApp, {
    body: { projectId: project.projectId, platform: 'android', name: 'Busy app', packageName: 'org.wharf.busy', category: 'app', defaultLanguage: 'enUS' },
  });
}, 90_000);

afterAll(async () => {
  setRequestClient(null);
  await server?.close();
});

describe('against the real server', () => {
  it("refuses to delete a project that holds apps, with the server's reason", async () => {
    renderApp('en', '#/projects');
    fireEvent.click(await screen.findByLabelText('Delete Busy project'));
    const confirm = screen.getByText('Delete the project Busy project?').closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The project still holds 1 app(s); delete or move them first')).toBeTruthy();
    expect(screen.getByText('Busy project')).toBeTruthy();
  });

  it('checks package names live as they are typed', async () => {
    renderApp('en', '#/apps');
    fireEvent.click((await screen.findAllByText('New app'))[0]!.closest('button')!);
    const dialog = await screen.findByRole('dialog');
    const packageName = within(dialog).getByLabelText('Package name');
    fireEvent.change(packageName, { target: { value: 'settings.app' } });
    expect(
      await within(dialog).findByText(
        'Use 7 to 128 characters: at least three parts separated by dots, each starting with a letter (letters, digits and _), e.g. com.yourcompany.app.',
      ),
    ).toBeTruthy();
    fireEvent.change(packageName, { target: { value: 'org.wharf.busy' } });
    expect(await within(dialog).findByText('Another app on this platform already uses this package name.')).toBeTruthy();
    fireEvent.change(packageName, { target: { value: 'org.wharf.quiet' } });
    await within(dialog).findByText(
      (_, element) => element?.classList.contains('ant-form-item-has-success') === true && within(element as HTMLElement).queryByLabelText('Package name') !== null,
    );
  });
});
