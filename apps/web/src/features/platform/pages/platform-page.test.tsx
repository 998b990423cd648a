import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { contentApi, operatorApi, projectApi } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';


const text = (x: string) => ({ cn: `${x}（中）`, en: x, ru: `${x} (ру)` });
const NEWS = { id: '55555555-5555-4555-8555-555555555555', category: 'policy', title: text('Old policy'), summary: text('s'), body: text('b'), link: null, publishedAt: '2026-03-01T08:00:00.000Z' };

function calls(operatorRoles: Array<'admin' | 'reviewer'>) {
  return {
    ...shellHandlers({ me: { operatorRoles } }),
    [projectApi.projectList.id]: () => ({ items: [], nextCursor: null, total: 0 }),
    [contentApi.latestNews.id]: () => ({ items: [] }),
    [contentApi.newsAccessHistory.id]: () => ({ items: [] }),
    [contentApi.billboard.id]: () => ({ items: [] }),
    [contentApi.discountActivities.id]: () => ({ items: [] }),
    [contentApi.manageNews.list.id]: () => ({ items: [NEWS] }),
    [contentApi.manageNews.create.id]: ({ body }: { body?: unknown }) => ({ item: { ...NEWS, ...(body as object), id: '66666666-6666-4666-8666-666666666666' } }),
    [contentApi.manageNews.remove.id]: () => ({}),
    [operatorApi.operatorList.id]: () => ({ items: [{ userId: 'u1', email: 'op@example.com', displayName: 'Op', roles: ['admin'] }] }),
    [operatorApi.grantOperatorRole.id]: () => ({}),
  };
}

beforeEach(() => setSessionCookies());
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
  localStorage.clear();
});

describe('platform page (operators)', () => {
  it('appears in the menu for a platform administrator only', async () => {
    answerCalls(callEndpoint, calls([]));
    const first = renderApp('en');
    await screen.findByRole('menuitem', { name: 'My apps' });
    await act(async () => undefined);
    expect(screen.queryByRole('menuitem', { name: 'Platform' })).toBeNull();
    first.unmount();

    answerCalls(callEndpoint, calls(['admin']));
    renderApp('en');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Platform' }));
    expect(await screen.findByText('Old policy')).toBeTruthy();
    expect(window.location.hash).toBe('#/platform');
  });

  it('refuses a signed-in non-administrator who opens it directly', async () => {
    answerCalls(callEndpoint, calls(['reviewer']));
    renderApp('en', '#/platform');
    expect(await screen.findByText('Only platform administrators can open this page.')).toBeTruthy();
    expect(callsTo(callEndpoint, contentApi.manageNews.list)).toHaveLength(0);
  });

  it('publishes news only when every text is written in all three languages', async () => {
    answerCalls(callEndpoint, calls(['admin']));
    renderApp('ru', '#/platform');
    fireEvent.click(await screen.findByRole('button', { name: 'Опубликовать новость' }));
    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('Заголовок (English)', 'New store rules');
    fill('Заголовок (Русский)', 'Новые правила');
    fill('Кратко (简体中文)', '摘要');
    fill('Кратко (English)', 'Summary');
    fill('Кратко (Русский)', 'Кратко');
    fill('Текст (简体中文)', '正文');
    fill('Текст (English)', 'Body');
    fill('Текст (Русский)', 'Текст');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Заполните и на языке: 简体中文.')).toBeTruthy();
    expect(callsTo(callEndpoint, contentApi.manageNews.create)).toHaveLength(0);

    fill('Заголовок (简体中文)', '新规则');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(callsTo(callEndpoint, contentApi.manageNews.create)).toHaveLength(1));
    const body = callsTo(callEndpoint, contentApi.manageNews.create)[0]?.body as Record<string, unknown>;
    expect(body.title).toEqual({ cn: '新规则', en: 'New store rules', ru: 'Новые правила' });
    expect(body.category).toBe('service');
    expect(body.link).toBeNull();
    expect(body.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('grants an operator role by email', async () => {
    answerCalls(callEndpoint, calls(['admin']));
    renderApp('en', '#/platform?tab=operators');
    expect(await screen.findByText('op@example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'rev@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(callsTo(callEndpoint, operatorApi.grantOperatorRole)).toHaveLength(1));
    expect(callsTo(callEndpoint, operatorApi.grantOperatorRole)[0]?.body).toEqual({ email: 'rev@example.com', role: 'reviewer' });
  });
});
