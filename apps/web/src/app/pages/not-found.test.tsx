import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { consoleApi, contentApi } from '@wharf/contract';
import { answerCalls, CONFIG } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { clearSessionCookies } from '../../test/session';
import { callEndpoint } from '../../test/call-mock';


afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  window.history.replaceState(null, '', '/');
});

describe('an address that is not the console', () => {
  it("shows a signed-out visitor the friendly not-found page in the site's language, its picture titled in it too, and leads back to the site", async () => {
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG, [contentApi.serviceList.id]: () => ({ items: [] }) });
    window.history.replaceState(null, '', '/ru/nope');
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, href: window.location.href, origin: window.location.origin, hash: '', search: '', pathname: '/ru/nope', assign });
    renderApp('ru');
    expect(await screen.findByText('Страница не найдена')).toBeTruthy();
    expect(document.querySelectorAll('svg > title')).toHaveLength(0); // antd's picture said "No Found"
    expect(document.querySelector('.ant-result-image svg, .ant-result-icon svg')?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /На главную|главн/i }));
    expect(assign).toHaveBeenCalledWith('/ru/');
    vi.restoreAllMocks();
  });
});
