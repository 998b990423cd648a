import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { appApi, authApi, consoleApi, contentApi, projectApi, teamApi, type App as AppRecord } from '@wharf/contract';
import { answerCalls, callsTo, CONFIG, me, permissionsOf } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../test/session';
import { callEndpoint } from '../../test/call-mock';

// The request layer is replaced at its module boundary; routes, layouts and pages are real.

const PROJECT_ID = '77777777-7777-4777-8777-777777777777';
const APP_ID = '88888888-8888-4888-8888-888888888888';

function app(over: Partial<AppRecord> = {}): AppRecord {
  return {
    appId: APP_ID, projectId: PROJECT_ID, platform: 'android', name: 'Demo Shop', names: {}, packageName: 'com.example.demo.shop',
    category: 'app', kindId: null, defaultLanguage: 'enUS', developStatus: 'developing', packageNameLocked: false, everOnShelf: false,
    developerWebsite: null, supportEmail: null, supportPhone: null, createdAt: '2026-02-01T10:00:00.000Z', updatedAt: '2026-02-01T10:00:00.000Z',
    ...over,
  };
}

const DEMO = { available: true, project: { projectId: PROJECT_ID, name: 'Demo project', dataLocation: 'europe' }, apps: [app(), app({ appId: '99999999-9999-4999-8999-999999999999', name: 'Demo Game', category: 'game', packageName: 'com.example.demo.game', everOnShelf: true })] };
const SERVICES = [
  { id: 'app-information', serviceId: 'app.information', menuId: 'app-information', categoryId: 8, names: { cn: '应用信息', en: 'App information', ru: 'Информация о приложении' }, route: '/apps/:appId/info', scope: 'app' },
  { id: 'package-management', serviceId: 'app.packageManagement', menuId: 'package-management', categoryId: 8, names: { cn: '软件包管理', en: 'Package management', ru: 'Управление пакетами' }, route: '/apps/:appId/packages', scope: 'app' },
];
const withSwitch = (on: boolean) => ({ ...CONFIG, switches: { ...CONFIG.switches, demoProjectMemberEditPermission: on } });

beforeEach(() => clearSessionCookies());
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
  localStorage.clear();
});

describe('demo project (#/demoProject)', () => {
  it('lets a visitor browse it read-only: no edit buttons, a way to sign up', async () => {
    answerCalls(callEndpoint, { [appApi.demoProject.id]: () => DEMO, [consoleApi.getConfig.id]: () => withSwitch(true) });
    renderApp('en', '#/demoProject');
    expect(await screen.findByRole('heading', { name: /Demo project/ })).toBeTruthy();
    expect(screen.getByText(/It is read-only/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
    fireEvent.click(screen.getByText('Demo Game'));
    expect(await screen.findByText('com.example.demo.game')).toBeTruthy();
    expect(screen.getByText('Game')).toBeTruthy();
    expect(window.location.hash).toBe(`#/demoProject/apps/99999999-9999-4999-8999-999999999999`);
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    // A released demo app links to its public store page.
    expect(screen.getByText('Store page').closest('a')?.getAttribute('href')).toBe('#/store/99999999-9999-4999-8999-999999999999');
    // A visitor's browsing never asks for their session.
    expect(callsTo(callEndpoint, authApi.userInfo)).toHaveLength(0);
    expect(callsTo(callEndpoint, projectApi.getProject)).toHaveLength(0);
  });

  it('gives a member edit buttons only when the platform allows members to edit', async () => {
    setSessionCookies();
    const calls = {
      [appApi.demoProject.id]: () => DEMO,
      [authApi.userInfo.id]: () => me(),
      [teamApi.userPermission.id]: () => permissionsOf('accountHolder'),
      [projectApi.getProject.id]: () => ({ project: { ...DEMO.project, createdAt: '', updatedAt: '' } }),
    };
    answerCalls(callEndpoint, { ...calls, [consoleApi.getConfig.id]: () => withSwitch(false) });
    const first = renderApp('en', '#/demoProject');
    expect(await screen.findByText('Demo Shop')).toBeTruthy();
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Edit the project' })).toBeNull();
    first.unmount();

    answerCalls(callEndpoint, { ...calls, [consoleApi.getConfig.id]: () => withSwitch(true) });
    renderApp('en', '#/demoProject');
    expect(await screen.findByRole('button', { name: 'Edit the project' })).toBeTruthy();
    expect(screen.getByText(/this platform lets members edit it/)).toBeTruthy();
  });

  it('says so when the platform has no demo project', async () => {
    answerCalls(callEndpoint, { [appApi.demoProject.id]: () => ({ available: false, project: null, apps: [] }), [consoleApi.getConfig.id]: () => CONFIG });
    renderApp('ru', '#/demoProject');
    expect(await screen.findByText('На этой платформе демо-проект недоступен.')).toBeTruthy();
  });
});

describe('open test (#/app/openTest)', () => {
  it('renders for a visitor without a session, with the code from the link', async () => {
    answerCalls(callEndpoint, {});
    renderApp('ru', '#/app/openTest?code=AB12CD');
    expect(await screen.findByText('Открытое тестирование')).toBeTruthy();
    expect((screen.getByLabelText('Код приглашения') as HTMLInputElement).value).toBe('AB12CD');
    expect(window.location.hash).toBe('#/app/openTest?code=AB12CD');
    expect(callEndpoint).not.toHaveBeenCalled();
  });
});

describe('embedded app mode (#/app/...)', () => {
  it('shows an app page with tabs and no console header; the appId comes from the query', async () => {
    setSessionCookies();
    answerCalls(callEndpoint, {
      [contentApi.serviceList.id]: () => ({ items: SERVICES }),
      [appApi.getApp.id]: ({ query }) => ({ app: app({ appId: (query as { appId: string }).appId }) }),
    });
    renderApp('en', `#/app/info?appId=${APP_ID}`);
    expect(await screen.findByRole('tab', { name: 'App information' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Package management' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Home' })).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('appInfo') ?? '{}')).toEqual({ appID: APP_ID });
    fireEvent.click(screen.getByRole('tab', { name: 'Package management' }));
    expect(window.location.hash).toBe(`#/app/packages?appId=${APP_ID}`);
  });

  it('asks for an app when the address names none', async () => {
    setSessionCookies();
    answerCalls(callEndpoint, { [contentApi.serviceList.id]: () => ({ items: SERVICES }) });
    renderApp('en', '#/app/info');
    expect(await screen.findByText('No app was chosen')).toBeTruthy();
  });
});

describe('project and app layouts', () => {
  it("an app's side menu lists the app's services by category", async () => {
    setSessionCookies();
    answerCalls(callEndpoint, {
      [authApi.userInfo.id]: () => me(),
      [teamApi.userPermission.id]: () => permissionsOf('accountHolder'),
      [consoleApi.getConfig.id]: () => CONFIG,
      [contentApi.serviceList.id]: () => ({ items: SERVICES }),
      [appApi.getApp.id]: () => ({ app: app() }),
    });
    renderApp('ru', `#/apps/${APP_ID}/info`);
    expect(await screen.findByRole('menuitem', { name: 'Информация о приложении' })).toBeTruthy();
    expect(screen.getByRole('menu', { name: 'Меню приложения' }).textContent).toContain('Распространение');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Управление пакетами' }));
    expect(window.location.hash).toBe(`#/apps/${APP_ID}/packages`);
    expect(await screen.findByText('com.example.demo.shop')).toBeTruthy();
  });

  it("a project's side menu starts with its settings and shows its data location", async () => {
    setSessionCookies();
    answerCalls(callEndpoint, {
      [authApi.userInfo.id]: () => me(),
      [teamApi.userPermission.id]: () => permissionsOf('accountHolder'),
      [consoleApi.getConfig.id]: () => CONFIG,
      [contentApi.serviceList.id]: () => ({ items: SERVICES }),
      [projectApi.getProject.id]: () => ({ project: { ...DEMO.project, name: 'Shop', createdAt: '', updatedAt: '' } }),
    });
    renderApp('en', `#/projects/${PROJECT_ID}`);
    expect(await screen.findByRole('menuitem', { name: 'Project settings' })).toBeTruthy();
    expect(window.location.hash).toBe(`#/projects/${PROJECT_ID}/settings`);
    await screen.findAllByText('Shop');
    expect(within(screen.getByRole('navigation')).getByText('Europe')).toBeTruthy();
    // App services belong to apps, not to the project's menu.
    expect(screen.queryByRole('menuitem', { name: 'Package management' })).toBeNull();
  });
});
