import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appApi, appLinksApi as api, projectApi, type Link, type LinkPrefix } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { loadECharts } from '../../../test/chart-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

vi.mock('qrcode', () => ({ toDataURL: async (text: string) => `data:image/png;base64,${btoa(text)}` }));

const OK = { code: 0, msg: 'success' };
const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const APP_ID = '00000000-0000-4000-8000-000000000002';
const AT = '2026-03-09T12:00:00.000Z';
const ORIGIN = 'http://usercontent.localhost:8081';

const prefixOf = (name: string): LinkPrefix => ({ prefixId: '00000000-0000-4000-8000-000000000010', kind: 'path', name, url: `${ORIGIN}/l/${name}/`, state: 'verified', txtName: null, txtValue: null, links: 0, createdAt: AT });
const linkOf = (body: Record<string, unknown>, prefix: LinkPrefix): Link => ({
  linkId: '00000000-0000-4000-8000-000000000100',
  projectId: PROJECT_ID,
  prefixId: prefix.prefixId,
  suffix: String(body.suffix ?? 'Ab3dEf7h'),
  shortLink: `${prefix.url}${String(body.suffix ?? 'Ab3dEf7h')}`,
  state: 'active',
  name: String(body.name ?? ''),
  deepLink: String(body.deepLink),
  androidAppId: (body.androidAppId as string) ?? null,
  androidMinVersion: null,
  androidFallbackUrl: null,
  harmonyAppId: null,
  harmonyFallbackUrl: null,
  iosBundleId: null,
  iosAppStoreId: null,
  iosFallbackUrl: null,
  desktopUrl: (body.desktopUrl as string) ?? null,
  social: { title: null, description: null, imageUrl: null },
  utm: {},
  expiresAt: null,
  clicks: 0,
  createdAt: AT,
  updatedAt: AT,
});

function serve(start: { prefixes?: LinkPrefix[]; links?: Link[] } = {}) {
  let prefixes = start.prefixes ?? [];
  let links = start.links ?? [];
  answerCalls(callEndpoint, {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: { projectId: PROJECT_ID, name: 'P', dataLocation: 'china', createdAt: AT, updatedAt: AT } }),
    [appApi.appList.id]: () => ({ ret: OK, items: [{ appId: APP_ID, projectId: PROJECT_ID, platform: 'android', name: 'Dice', packageName: 'com.example.dice' }], nextCursor: null, total: 1 }),
    [api.listPrefixes.id]: () => ({ ret: OK, prefixes }),
    [api.createPrefix.id]: (o) => ((prefixes = [prefixOf((o.body as { name: string }).name)]), { ret: OK, prefix: prefixes[0] }),
    [api.listLinks.id]: () => ({ ret: OK, items: links, nextCursor: null, total: links.length }),
    [api.createLink.id]: (o) => ((links = [linkOf(o.body as Record<string, unknown>, prefixes[0]!)]), { ret: OK, link: links[0] }),
    [api.linkStatistics.id]: () => ({
      ret: OK,
      stats: { days: [{ day: '2026-03-09', clicks: 3, firstOpens: 1, reopens: 0 }], platforms: [{ key: 'android', clicks: 2 }, { key: 'desktop', clicks: 1 }], countries: [{ key: 'DE', clicks: 3 }], referrers: [{ key: 'direct', clicks: 3 }], totals: { clicks: 3, firstOpens: 1, reopens: 0 } },
    }),
    [api.getLinkSettings.id]: () => ({ ret: OK, settings: { allowedHosts: [], perDayLimit: 1000, fingerprintMatching: false, appleTeamId: null }, createdToday: 4 }),
  });
}

beforeEach(() => {
  setSessionCookies({ siteId: 8 });
  localStorage.clear();
  loadECharts.mockImplementation(async () => ({ init: () => ({ setOption() {}, resize() {}, dispose() {} }) }) as never);
});
afterEach(() => {
  callEndpoint.mockReset();
  loadECharts.mockReset();
  clearSessionCookies();
});

describe('the App Linking page', () => {
  it('starts with adding a prefix, then makes a link to the app and opens it with its QR code and charts', async () => {
    serve();
    renderApp('en', `#/projects/${PROJECT_ID}/app-links`);
    expect(await screen.findByText('No prefix yet. Add one above: every link lives under a prefix.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'dice' } });
    fireEvent.click(screen.getByText('Add a prefix').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.createPrefix)[0]).toMatchObject({ body: { kind: 'path', name: 'dice' } }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Links' }));
    expect(await screen.findByText('No links yet. Choose Create link to make the first one.')).toBeTruthy();
    fireEvent.click(screen.getByText('Create link').closest('button')!);
    const drawer = (await screen.findByText('New link')).closest('.ant-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('Deep link'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(drawer).getByText('Create link').closest('button')!);
    expect(await within(drawer).findByText('An http or https address without a user name or password')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Deep link'), { target: { value: 'https://example.com/level/3' } });
    fireEvent.change(within(drawer).getByLabelText('Suffix'), { target: { value: 'level-3' } });
    fireEvent.click(within(drawer).getByText('Create link').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.createLink)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.createLink)[0]).toMatchObject({ body: { deepLink: 'https://example.com/level/3', suffix: 'level-3', prefixId: '00000000-0000-4000-8000-000000000010', desktopUrl: null } });
    expect(await screen.findByAltText(`QR code of ${ORIGIN}/l/dice/level-3`)).toBeTruthy();
    expect(await screen.findByText('Clicks by platform over the last 30 days')).toBeTruthy();
    expect(localStorage.getItem(`wharf.newLink.${PROJECT_ID}`)).toBeNull();
  });

  it('keeps a new link typed on this device until it is made, and speaks Russian on the Russian site', async () => {
    serve({ prefixes: [prefixOf('dice')] });
    const first = renderApp('ru', `#/projects/${PROJECT_ID}/app-links`);
    fireEvent.click((await screen.findByText('Создать ссылку')).closest('button')!);
    const drawer = (await screen.findByText('Новая ссылка')).closest('.ant-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('Глубокая ссылка'), { target: { value: 'https://example.com/half-typed' } });
    first.unmount();
    renderApp('ru', `#/projects/${PROJECT_ID}/app-links`);
    fireEvent.click((await screen.findByText('Создать ссылку')).closest('button')!);
    const again = (await screen.findByText('Новая ссылка')).closest('.ant-drawer') as HTMLElement;
    expect((within(again).getByLabelText('Глубокая ссылка') as HTMLInputElement).value).toBe('https://example.com/half-typed');
    fireEvent.click(screen.getByRole('tab', { name: 'Настройки' }));
    expect(await screen.findByText('Создано сегодня: 4')).toBeTruthy();
  });
});
