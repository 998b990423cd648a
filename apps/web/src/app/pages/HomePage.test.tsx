import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { authApi, consoleApi, contentApi, projectApi, teamApi } from '@wharf/contract';
import dayjs from 'dayjs';
import { answerCalls, callsTo, CONFIG, me, permissionsOf } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { clearSessionCookies, OTHER_TEAM_ID, setSessionCookies, TEAM_ID } from '../../test/session';
import { callEndpoint } from '../../test/call-mock';

// The request layer is replaced at its module boundary: the page, the hook and the
// providers are real.

const SIGNED_IN = {
  [authApi.userInfo.id]: () => me(),
  [teamApi.userPermission.id]: () => permissionsOf('accountHolder'),
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 5, 10, 30));
  setSessionCookies();
});

afterEach(() => {
  vi.useRealTimers();
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
  localStorage.clear();
});

const NEWS_ID = '55555555-5555-4555-8555-555555555555';
const text = (x: string) => ({ cn: `${x} (cn)`, en: `${x} (en)`, ru: `${x} (ru)` });
const SERVICES = [
  { id: 'my-apps', serviceId: 'app.myApps', menuId: 'my-apps', categoryId: 8, names: { cn: '我的应用', en: 'My apps', ru: 'Мои приложения' }, route: '/apps', scope: 'team' },
  { id: 'packages', serviceId: 'app.packages', menuId: 'packages', categoryId: 8, names: { cn: '软件包管理', en: 'Package management', ru: 'Управление пакетами' }, route: '/apps/:appId/packages', scope: 'app' },
  { id: 'users', serviceId: 'team.users', menuId: 'users', categoryId: 7, names: { cn: '用户与访问', en: 'Users and permissions', ru: 'Пользователи и права' }, route: '/team/users', scope: 'team' },
];

/** A signed-in home with no project yet, one unread news item and no notices. */
function homeCalls(over: Record<string, () => unknown> = {}) {
  return {
    ...SIGNED_IN,
    [consoleApi.getConfig.id]: () => CONFIG,
    [contentApi.serviceList.id]: () => ({ items: SERVICES }),
    [projectApi.projectList.id]: () => ({ items: [], nextCursor: null, total: 0 }),
    [contentApi.latestNews.id]: () => ({ items: [{ id: NEWS_ID, category: 'release', title: text('News'), summary: text('Summary'), link: null, publishedAt: '2026-03-01T08:00:00.000Z' }] }),
    [contentApi.newsAccessHistory.id]: () => ({ items: [] }),
    [contentApi.billboard.id]: () => ({ items: [] }),
    [contentApi.discountActivities.id]: () => ({ items: [] }),
    ...over,
  };
}

describe('home page', () => {
  it('speaks Russian on the Russian site: texts, dd.MM.yyyy dates, zone, services by category', async () => {
    answerCalls(callEndpoint, homeCalls());
    renderApp('ru');

    expect(screen.getByRole('heading', { name: 'Добро пожаловать в консоль разработчика Wharf' })).toBeTruthy();
    expect(screen.getByText(/Сегодня 05\.03\.2026/)).toBeTruthy();
    // Only categories with a service appear, in menu order (Distribute before Tools).
    const distribute = await screen.findByText('Распространение');
    const tools = screen.getByText('Инструменты');
    expect(distribute.compareDocumentPosition(tools) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('Качество')).toBeNull();
    expect(screen.getByRole('link', { name: 'Мои приложения' }).getAttribute('href')).toBe('#/apps');
    // An app's service, with no app worked in yet, leads to the app list to choose one.
    expect(screen.getByRole('link', { name: /Управление пакетами/ }).getAttribute('href')).toBe('#/apps');
    expect(screen.getByText('· выберите приложение')).toBeTruthy();
    // No project yet: the first step.
    expect(await screen.findByRole('button', { name: 'Создать первый проект' })).toBeTruthy();
    // The news, with its date in Russian form and an unread marker.
    expect(await screen.findByRole('link', { name: 'News (ru)' })).toBeTruthy();
    expect(screen.getByText('01.03.2026')).toBeTruthy();
    expect(await screen.findByText('Новое')).toBeTruthy();
    // The team's home zone (site 7) and the server's version in the footer.
    expect(await screen.findByText('Европа')).toBeTruthy();
    expect(await screen.findByText('1.2.3')).toBeTruthy();

    expect(document.documentElement.lang).toBe('ru');
    expect(document.title).toBe('Wharf — консоль разработчика');
    expect(dayjs.locale()).toBe('ru');
  });

  it("opens a service inside an app in the app last worked in, by this team's memory", async () => {
    const APP = '77777777-7777-4777-8777-777777777777';
    localStorage.setItem(`wharf.recent.${TEAM_ID}`, JSON.stringify({ app: { id: APP, name: 'Tipsy', projectId: '66666666-6666-4666-8666-666666666666' } }));
    localStorage.setItem(`wharf.recent.${OTHER_TEAM_ID}`, JSON.stringify({ app: { id: 'elsewhere', name: 'Other', projectId: 'x' } }));
    answerCalls(callEndpoint, homeCalls());
    renderApp('en');
    expect((await screen.findByRole('link', { name: /Package management/ })).getAttribute('href')).toBe(`#/apps/${APP}/packages`);
    expect(screen.getByText('· in Tipsy')).toBeTruthy();
  });

  it('leads from the empty state straight to the create-project dialog', async () => {
    answerCalls(callEndpoint, homeCalls({ [projectApi.projectList.id]: () => ({ items: [], nextCursor: null, total: 0 }) }));
    renderApp('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Create your first project' }));
    await act(async () => undefined);
    expect(window.location.hash).toBe('#/projects?create=1');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Project name')).toBeTruthy();
  });

  it('lists the projects there are instead, with their data location', async () => {
    const project = { projectId: '66666666-6666-4666-8666-666666666666', name: 'Shop', dataLocation: 'singapore', createdAt: '', updatedAt: '' };
    answerCalls(callEndpoint, homeCalls({ [projectApi.projectList.id]: () => ({ items: [project], nextCursor: null, total: 1 }) }));
    renderApp('en');
    expect(await screen.findByText('Your projects (1)')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Shop/ })).toBeTruthy();
    expect(screen.getByText('Singapore')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create your first project' })).toBeNull();
  });

  it("shows the operator's notices and a read item without the unread marker", async () => {
    answerCalls(
      callEndpoint,
      homeCalls({
        [contentApi.billboard.id]: () => ({ items: [{ id: 'b1', title: text('Maintenance'), link: 'javascript:alert(1)', startsAt: '', endsAt: '', sort: 0 }] }),
        [contentApi.newsAccessHistory.id]: () => ({ items: [{ serviceNewsId: NEWS_ID, lastViewedAt: '' }] }),
      }),
    );
    renderApp('en');
    expect(await screen.findByText('Maintenance (en)')).toBeTruthy();
    // A link that is not http(s) is never made clickable.
    expect(screen.queryByRole('link', { name: 'Maintenance (en)' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'News (en)' })).toBeTruthy();
    await act(async () => undefined);
    expect(screen.queryByText('New')).toBeNull();
  });

  it('speaks Chinese on the Chinese site with the yyyy-MM-dd date', async () => {
    answerCalls(callEndpoint, homeCalls());
    renderApp('cn');
    expect(screen.getByRole('heading', { name: '欢迎使用 Wharf 开发者控制台' })).toBeTruthy();
    expect(screen.getByText(/今天是 2026-03-05/)).toBeTruthy();
    expect(await screen.findByText('欧洲')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.title).toBe('Wharf 开发者控制台');
    expect(dayjs.locale()).toBe('zh-cn');
  });
});

describe('language switcher', () => {
  it('changes the language without a reload, keeps it for the next visit and fetches again', async () => {
    answerCalls(callEndpoint, homeCalls());
    renderApp('en');
    expect(await screen.findByRole('link', { name: 'News (en)' })).toBeTruthy();
    const newsCalls = callsTo(callEndpoint, contentApi.latestNews).length;

    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    fireEvent.click(await screen.findByText('Русский'));

    expect(await screen.findByRole('heading', { name: 'Добро пожаловать в консоль разработчика Wharf' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Главная' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'News (ru)' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ru');
    expect(dayjs.locale()).toBe('ru');
    expect(localStorage.getItem('agc_lang')).toBe('ru');
    // Server texts come again, in the new language.
    await act(async () => undefined);
    expect(callsTo(callEndpoint, contentApi.latestNews).length).toBeGreaterThan(newsCalls);
  });
});

describe('routes', () => {
  it('shows a not-found page for an unknown route, with a way home', async () => {
    answerCalls(callEndpoint, homeCalls());
    renderApp('en', '#/no/such/page');
    expect(screen.getByText('Page not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to the Wharf developer console' })).toBeTruthy();
    expect(window.location.hash).toBe('#/');
  });

  it('sends a signed-out visitor to sign in, keeping the page they wanted', async () => {
    clearSessionCookies();
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG });
    renderApp('en', '#/team/users?tab=roles');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login?redirect=%2Fteam%2Fusers%3Ftab%3Droles');
    expect(callsTo(callEndpoint, authApi.userInfo)).toHaveLength(0);
  });

  it("shows the menu the user's permissions allow", async () => {
    answerCalls(callEndpoint, homeCalls());
    renderApp('en');
    expect(await screen.findByRole('menuitem', { name: 'Users and permissions' })).toBeTruthy();
  });

  it('gives the operator made at first start, in no team, the platform instead of empty project and app lists', async () => {
    clearSessionCookies();
    setSessionCookies({ teamId: '' });
    answerCalls(callEndpoint, homeCalls({ [authApi.userInfo.id]: () => me({ currentTeamId: '', teams: [], operatorRoles: ['admin'], displayName: 'Platform operator' }) }));
    renderApp('en');
    const card = within(await screen.findByTestId('no-team'));
    expect(card.getByText(/You sign in as the platform's operator/)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Open the review queue' }).getAttribute('href')).toBe('#/review');
    expect(card.getByRole('link', { name: "Open the platform's administration" }).getAttribute('href')).toBe('#/platform');
    expect(card.getByRole('button', { name: 'Create a company team' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Platform' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'My projects' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'My apps' })).toBeNull();
    expect(screen.queryByText('Services')).toBeNull();
  });

  it('hides Users and permissions from an Operations member', async () => {
    answerCalls(callEndpoint, {
      ...homeCalls(),
      [teamApi.userPermission.id]: () => permissionsOf('operations'),
    });
    renderApp('en');
    expect(await screen.findByText('1.2.3')).toBeTruthy();
    await act(async () => undefined);
    expect(screen.getByRole('menuitem', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Users and permissions' })).toBeNull();
    // The home page says which roles the user has in the team.
    expect(await screen.findByText('Your access')).toBeTruthy();
    expect(screen.getByText('Operations')).toBeTruthy();
    expect(screen.getByText(/The menu and the actions you see follow your roles/)).toBeTruthy();
  });
});
