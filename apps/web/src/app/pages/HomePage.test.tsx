import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { authApi, consoleApi, teamApi, type ClientConfig } from '@wharf/contract';
import dayjs from 'dayjs';
import { ApiError } from '../../request/call';
import { answerCalls, callsTo, CONFIG, me, permissionsOf } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../test/session';

// The request layer is replaced at its module boundary: the page, the hook and the
// providers are real.
const callEndpoint = vi.hoisted(() => vi.fn());
vi.mock(import('../../request/call'), async (original) => ({ ...(await original()), callEndpoint }));

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
});

describe('home page', () => {
  it('speaks Russian on the Russian site: texts, dd.MM.yyyy date, configuration', async () => {
    let answer: (value: ClientConfig) => void = () => {};
    const config = new Promise<ClientConfig>((resolve) => (answer = resolve));
    answerCalls(callEndpoint, { ...SIGNED_IN, [consoleApi.getConfig.id]: () => config });
    renderApp('ru');

    expect(screen.getByText('Wharf')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Добро пожаловать в консоль разработчика Wharf' })).toBeTruthy();
    expect(screen.getByText(/Создавайте проекты и приложения/)).toBeTruthy();
    expect(screen.getByText('Сегодня 05.03.2026')).toBeTruthy();
    expect(screen.getByText('Загрузка конфигурации клиента…')).toBeTruthy();

    await act(async () => answer(CONFIG));
    expect(await screen.findByText('1.2.3')).toBeTruthy();
    expect(screen.getByText('Версия сервера')).toBeTruthy();
    expect(screen.getByText('Россия')).toBeTruthy();
    expect(screen.queryByText('Загрузка конфигурации клиента…')).toBeNull();
    expect(callsTo(callEndpoint, consoleApi.getConfig)).toHaveLength(1);

    expect(document.documentElement.lang).toBe('ru');
    expect(document.title).toBe('Wharf — консоль разработчика');
    expect(dayjs.locale()).toBe('ru');
  });

  it('shows a readable error and retries on request', async () => {
    let failed = false;
    answerCalls(callEndpoint, {
      ...SIGNED_IN,
      [consoleApi.getConfig.id]: () => {
        if (failed) return CONFIG;
        failed = true;
        throw new ApiError('Request failed with status code 500', 'console.getConfig', 500, null, null);
      },
    });
    renderApp('ru');

    expect(await screen.findByText('Не удалось загрузить конфигурацию клиента')).toBeTruthy();
    expect(screen.getByText('Request failed with status code 500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('1.2.3')).toBeTruthy();
    expect(screen.queryByText('Не удалось загрузить конфигурацию клиента')).toBeNull();
  });

  it('speaks Chinese on the Chinese site with the yyyy-MM-dd date', async () => {
    answerCalls(callEndpoint, { ...SIGNED_IN, [consoleApi.getConfig.id]: () => CONFIG });
    renderApp('cn');
    expect(screen.getByRole('heading', { name: '欢迎使用 Wharf 开发者控制台' })).toBeTruthy();
    expect(screen.getByText('今天是 2026-03-05')).toBeTruthy();
    expect(await screen.findByText('俄罗斯')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.title).toBe('Wharf 开发者控制台');
    expect(dayjs.locale()).toBe('zh-cn');
  });

  it('speaks English on the English site', async () => {
    answerCalls(callEndpoint, { ...SIGNED_IN, [consoleApi.getConfig.id]: () => CONFIG });
    renderApp('en');
    expect(screen.getByRole('heading', { name: 'Welcome to the Wharf developer console' })).toBeTruthy();
    expect(await screen.findByText('Server version')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Wharf Developer Console');
  });
});

describe('routes', () => {
  it('shows a not-found page for an unknown route, with a way home', async () => {
    answerCalls(callEndpoint, { ...SIGNED_IN, [consoleApi.getConfig.id]: () => CONFIG });
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
    answerCalls(callEndpoint, { ...SIGNED_IN, [consoleApi.getConfig.id]: () => CONFIG });
    renderApp('en');
    expect(await screen.findByRole('menuitem', { name: 'Users and permissions' })).toBeTruthy();
  });

  it('hides Users and permissions from an Operations member', async () => {
    answerCalls(callEndpoint, {
      ...SIGNED_IN,
      [teamApi.userPermission.id]: () => permissionsOf('operations'),
      [consoleApi.getConfig.id]: () => CONFIG,
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
