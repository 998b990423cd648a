import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { consoleApi, type ClientConfig } from '@wharf/contract';
import dayjs from 'dayjs';
import { App } from '../App';
import type { Language } from '../../session/language';
import { ApiError } from '../../request/call';

// The request layer is replaced at its module boundary: the page, the hook and the
// providers are real.
const callEndpoint = vi.hoisted(() => vi.fn());
vi.mock(import('../../request/call'), async (original) => ({ ...(await original()), callEndpoint }));

const CONFIG: ClientConfig = {
  ret: { code: 0, msg: 'success' },
  csrfHeaderName: 'X-CSRF-Token',
  teamIdHeaderName: 'teamId',
  zones: [{ zone: 'russia', siteId: 8, gatewayUrl: '', reportUrl: '' }],
  defaultZone: 'russia',
  switches: {
    osSwitch: false,
    osSwitch2: false,
    osSwitch3: false,
    osSwitch4: false,
    unrealNameSwitch: false,
    chinaSideSwitch: false,
    googleAnalyticsSwitch: false,
    AGC_enableHA: false,
    useAgcLoginSwitch: false,
    h5UseAgcLoginSwitch: false,
    applyInterface: false,
    demoProjectMemberEditPermission: false,
  },
  haReportUrl: null,
  errorReportUrl: null,
  serverVersion: '1.2.3',
};

function renderApp(language: Language) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<App language={language} queryClient={queryClient} />);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 5, 10, 30));
  window.location.hash = '';
});

afterEach(() => {
  vi.useRealTimers();
  callEndpoint.mockReset();
});

describe('home page', () => {
  it('speaks Russian on the Russian site: texts, dd.MM.yyyy date, configuration', async () => {
    let answer: (value: ClientConfig) => void = () => {};
    callEndpoint.mockReturnValue(new Promise<ClientConfig>((resolve) => (answer = resolve)));
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
    expect(callEndpoint).toHaveBeenCalledTimes(1);
    expect(callEndpoint.mock.calls[0]?.[0]).toBe(consoleApi.getConfig);

    expect(document.documentElement.lang).toBe('ru');
    expect(document.title).toBe('Wharf — консоль разработчика');
    expect(dayjs.locale()).toBe('ru');
  });

  it('shows a readable error and retries on request', async () => {
    callEndpoint.mockRejectedValueOnce(
      new ApiError('Request failed with status code 500', 'console.getConfig', 500, null, null),
    );
    callEndpoint.mockResolvedValueOnce(CONFIG);
    renderApp('ru');

    expect(await screen.findByText('Не удалось загрузить конфигурацию клиента')).toBeTruthy();
    expect(screen.getByText('Request failed with status code 500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('1.2.3')).toBeTruthy();
    expect(screen.queryByText('Не удалось загрузить конфигурацию клиента')).toBeNull();
  });

  it('speaks Chinese on the Chinese site with the yyyy-MM-dd date', async () => {
    callEndpoint.mockResolvedValue(CONFIG);
    renderApp('cn');
    expect(screen.getByRole('heading', { name: '欢迎使用 Wharf 开发者控制台' })).toBeTruthy();
    expect(screen.getByText('今天是 2026-03-05')).toBeTruthy();
    expect(await screen.findByText('俄罗斯')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.title).toBe('Wharf 开发者控制台');
    expect(dayjs.locale()).toBe('zh-cn');
  });

  it('speaks English on the English site', async () => {
    callEndpoint.mockResolvedValue(CONFIG);
    renderApp('en');
    expect(screen.getByRole('heading', { name: 'Welcome to the Wharf developer console' })).toBeTruthy();
    expect(await screen.findByText('Server version')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Wharf Developer Console');
  });
});

describe('routes', () => {
  it('shows a not-found page for an unknown route, with a way home', async () => {
    callEndpoint.mockResolvedValue(CONFIG);
    window.location.hash = '#/no/such/page';
    renderApp('en');
    expect(screen.getByText('Page not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to the Wharf developer console' })).toBeTruthy();
    expect(window.location.hash).toBe('#/');
  });
});
