import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fileApi, hostingApi as api, projectApi, type HostingSite, type HostingVersion } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

const OK = { code: 0, msg: 'success' };
const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const AT = '2026-03-09T12:00:00.000Z';
const URL = 'http://usercontent.localhost:8081/sites/docs-site/';

function serve() {
  let sites: HostingSite[] = [];
  let versions: HostingVersion[] = [];
  const site = (live: number | null): HostingSite => ({ name: 'docs-site', url: URL, liveVersion: live, channels: live === null ? [] : [{ name: 'live', version: live, url: URL, updatedAt: AT }], createdAt: AT });
  answerCalls(callEndpoint, {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: { projectId: PROJECT_ID, name: 'P', dataLocation: 'china', createdAt: AT, updatedAt: AT } }),
    [api.listSites.id]: () => ({ ret: OK, sites }),
    [api.createSite.id]: () => ((sites = [site(null)]), { ret: OK, site: sites[0] }),
    [fileApi.uploadObject.id]: () => ({ ret: OK, object: { objectId: '00000000-0000-4000-8000-000000000777' } }),
    [api.deployZip.id]: () => {
      const n = versions.length + 1;
      versions = [{ number: n, state: 'ready', files: 2, bytes: 2048, note: '', channels: ['live'], createdAt: AT }, ...versions.map((v) => ({ ...v, channels: [] }))];
      sites = [site(n)];
      return { ret: OK, version: versions[0] };
    },
    [api.listVersions.id]: () => ({ ret: OK, versions }),
    [api.releaseVersion.id]: (o) => {
      const n = (o.body as { version: number }).version;
      versions = versions.map((v) => ({ ...v, channels: v.number === n ? ['live'] : [] }));
      sites = [site(n)];
      return { ret: OK, site: sites[0] };
    },
    [api.getSiteConfig.id]: () => ({ ret: OK, config: { cleanUrls: false, redirects: [], rewrites: [], headers: [] } }),
    [api.putSiteConfig.id]: (o) => ({ ret: OK, config: (o.body as { config: unknown }).config }),
    [api.listDomains.id]: () => ({ ret: OK, domains: [] }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('the Hosting page', () => {
  it('makes a site, deploys zips live, and rolls back in one click', async () => {
    serve();
    renderApp('en', `#/projects/${PROJECT_ID}/hosting`);
    expect(await screen.findByText(/No sites yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Site name'), { target: { value: 'docs-site' } });
    fireEvent.click(screen.getByText('Create site').closest('button')!);
    expect(await screen.findByText('Nothing released yet')).toBeTruthy();
    const zip = () => {
      const input = document.querySelector('input[type=file][accept=".zip,application/zip"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(['PK'], 'site.zip', { type: 'application/zip' })] } });
    };
    zip();
    expect(await screen.findByText('Live: version 1')).toBeTruthy();
    zip();
    expect(await screen.findByText('Live: version 2')).toBeTruthy();
    expect(callsTo(callEndpoint, api.deployZip)[1]).toMatchObject({ query: { projectId: PROJECT_ID, site: 'docs-site' }, body: { channel: 'live' } });
    const row = (await screen.findByText('Roll back to this')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Version 1')).toBeTruthy();
    fireEvent.click(within(row).getByText('Roll back to this').closest('button')!);
    expect(await screen.findByText('Live: version 1')).toBeTruthy();
    expect(callsTo(callEndpoint, api.releaseVersion)[0]).toMatchObject({ body: { version: 1, channel: 'live' } });
  });

  it('turns on the single-page app fallback', async () => {
    serve();
    renderApp('en', `#/projects/${PROJECT_ID}/hosting`);
    fireEvent.change(await screen.findByLabelText('Site name'), { target: { value: 'docs-site' } });
    fireEvent.click(screen.getByText('Create site').closest('button')!);
    fireEvent.click(await screen.findByText('Configuration'));
    fireEvent.click(await screen.findByRole('switch', { name: 'Single-page app' }));
    fireEvent.click(screen.getByText('Save configuration').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.putSiteConfig)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.putSiteConfig)[0]).toMatchObject({ body: { config: { cleanUrls: false, rewrites: [{ source: '**', destination: '/index.html' }], redirects: [], headers: [] } } });
  });
});
