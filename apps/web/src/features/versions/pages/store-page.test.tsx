import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { consoleApi, ratingsApi, versionApi, type StoreListing } from '@wharf/contract';
import { answerCalls, callsTo, CONFIG } from '../../../test/fixtures';
import { APP_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { ApiError } from '../../../request/errors';
import { callEndpoint } from '../../../test/call-mock';

// The public store page with the real providers, router and antd, for a visitor without a
// session; the request layer is replaced at its module boundary.

const OK = { code: 0, msg: 'success' };
const VERSION_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

function listing(language: string, over: Partial<StoreListing> = {}): StoreListing {
  const names: Record<string, string> = { enUS: 'Field Notes', ruRU: 'Полевые заметки', zhCN: '野外笔记' };
  return {
    appId: APP_ID,
    platform: 'android',
    packageName: 'com.example.notes',
    versionId: VERSION_ID,
    versionName: '1.4.2',
    versionCode: 1042,
    size: 3_289_089,
    sha256: 'ab'.repeat(32),
    updatedAt: '2026-03-12T09:00:00.000Z',
    language,
    languages: ['enUS', 'ruRU'],
    name: names[language] ?? 'Field Notes',
    brief: `Brief in ${language}`,
    description: `Description in ${language}`,
    newFeatures: 'Faster sync',
    iconUrl: `/agc/edge/cds/app-distirbution/v1/all/store/image/${VERSION_ID}/icon`,
    screenshotUrls: [1, 2, 3].map((n) => `/agc/edge/cds/app-distirbution/v1/all/store/image/${VERSION_ID}/s${n}`),
    preRegistration: false,
    packageKind: 'apk',
    downloadUrl: `/agc/edge/cds/app-distirbution/v1/all/app/download/${VERSION_ID}`,
    offeredHere: true,
    ...over,
  };
}

/** The console's configuration and this store answer, as the page asks for them. */
function answerStore(app: StoreListing) {
  answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG, [versionApi.storeApp.id]: () => ({ ret: OK, app }) });
}

afterEach(() => {
  callEndpoint.mockReset();
  vi.restoreAllMocks();
});

describe('the public store page', () => {
  it("shows the ratings, the reviews in the reader's language first with the developer's reply, and sorts by helpfulness", async () => {
    const review = (n: number, over: object = {}) => ({
      reviewId: `00000000-0000-4000-8000-00000000030${n}`,
      rating: 2,
      text: `Отзыв ${n}`,
      language: 'ru',
      country: 'DE',
      versionName: '1.4.2',
      createdAt: '2026-03-12T09:00:00.000Z',
      updatedAt: '2026-03-12T09:00:00.000Z',
      helpful: 0,
      reply: null,
      ...over,
    });
    answerCalls(callEndpoint, {
      [consoleApi.getConfig.id]: () => CONFIG,
      [versionApi.storeApp.id]: () => ({ ret: OK, app: listing('ruRU') }),
      [ratingsApi.storeReviews.id]: ({ query }) => {
        const { sort, cursor } = query as { sort: string; cursor?: string };
        const items = sort === 'helpful' ? [review(2, { helpful: 4 }), review(1)] : [review(1, { text: '<script>alert(1)</script>', reply: { text: 'Исправили в 1.4.3', createdAt: '2026-03-13T09:00:00.000Z', updatedAt: '2026-03-13T09:00:00.000Z' } }), review(2, { helpful: 4 })];
        return { ret: OK, ...(cursor ? {} : { summary: { count: 3, average: 2.33, distribution: [1, 1, 1, 0, 0] } }), items, nextCursor: null };
      },
    });
    renderApp('ru', `#/store/${APP_ID}`);
    const section = await screen.findByTestId('store-reviews');
    expect(await within(section).findByText('<script>alert(1)</script>')).toBeTruthy();
    expect(within(section).getByTestId('average').textContent).toBe('2,33');
    expect(within(section).getByText('Оценок: 3')).toBeTruthy();
    expect(within(section).getByText('Ответ разработчика')).toBeTruthy();
    expect(within(section).getByText('Исправили в 1.4.3')).toBeTruthy();
    expect(callsTo(callEndpoint, ratingsApi.storeReviews)[0]).toMatchObject({ params: { appId: APP_ID }, query: { language: 'ru', sort: 'newest' } });
    within(section).getByText('Сначала полезные').click();
    await waitFor(() => expect(within(section).getAllByTestId('store-review')[0]!.textContent).toContain('Отзыв 2'));
  });

  it('leaves the ratings section out when its reviews cannot be read', async () => {
    answerCalls(callEndpoint, {
      [consoleApi.getConfig.id]: () => CONFIG,
      [versionApi.storeApp.id]: () => ({ ret: OK, app: listing('enUS') }),
      [ratingsApi.storeReviews.id]: () => {
        throw new ApiError('The app is not in the store', ratingsApi.storeReviews.id, 404, 404, 'The app is not in the store');
      },
    });
    renderApp('en', `#/store/${APP_ID}`);
    expect(await screen.findByText('Field Notes')).toBeTruthy();
    await waitFor(() => expect(callsTo(callEndpoint, ratingsApi.storeReviews)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('store-reviews')).toBeNull());
  });

  it('shows the listing in the page language with its images, facts and the QR code of the download link', async () => {
    answerCalls(callEndpoint, {
      [consoleApi.getConfig.id]: () => CONFIG,
      [versionApi.storeApp.id]: ({ query }) => {
        const asked = (query as { language: string }).language;
        return { ret: OK, app: listing(asked === 'zhCN' ? 'enUS' : asked) };
      },
    });
    renderApp('ru', `#/store/${APP_ID}`);
    expect(await screen.findByText('Полевые заметки')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.storeApp)[0]).toMatchObject({ params: { appId: APP_ID }, query: { language: 'ruRU' } });
    expect(screen.getByText('Brief in ruRU')).toBeTruthy();
    expect(screen.getByText('1.4.2')).toBeTruthy();
    expect(screen.getByText('3.14 MB')).toBeTruthy();
    expect(screen.getByText('Что нового')).toBeTruthy();
    expect((screen.getByAltText('Значок приложения') as HTMLImageElement).getAttribute('src')).toBe(listing('ruRU').iconUrl);
    expect(screen.getAllByAltText(/Снимок экрана \d/)).toHaveLength(3);
    const download = `${window.location.origin}${listing('ruRU').downloadUrl}`;
    expect(screen.getByText('Скачать').closest('a')?.getAttribute('href')).toBe(download);
    // The QR code is drawn as SVG, with the caption.
    const qr = screen.getByTestId('store-qr');
    expect(qr.querySelector('.ant-qrcode svg path')).toBeTruthy();
    expect(within(qr).getByText('Отсканируйте, чтобы скачать на телефон')).toBeTruthy();
    expect(screen.queryByText(/Описания на вашем языке нет/)).toBeNull();
  });

  it('a pre-registration page announces the app without a download, size or QR code', async () => {
    answerStore(listing('enUS', { preRegistration: true, downloadUrl: null, size: null, sha256: null, versionCode: null, versionName: null }));
    renderApp('en', `#/store/${APP_ID}`);
    expect(await screen.findByText('Field Notes')).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.getByText(/once its first version with a package is released/)).toBeTruthy();
    expect(screen.queryByText('Download')).toBeNull();
    expect(screen.queryByTestId('store-qr')).toBeNull();
    expect(screen.queryByText('Size')).toBeNull();
  });

  it('tells a visitor where the app is not offered that it cannot be downloaded there, without a link or QR code', async () => {
    answerStore(listing('ruRU', { offeredHere: false }));
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ru-RU');
    renderApp('ru', `#/store/${APP_ID}`);
    expect(await screen.findByText('Полевые заметки')).toBeTruthy();
    // The page names where the visitor is by their browser's language (the request layer sends the site's).
    expect(callsTo(callEndpoint, versionApi.storeApp)[0]).toMatchObject({ query: { language: 'ruRU', country: 'RU' } });
    expect(screen.getByText('Недоступно в вашей стране или регионе')).toBeTruthy();
    expect(screen.queryByText('Скачать')).toBeNull();
    expect(screen.queryByTestId('store-qr')).toBeNull();
    // The facts stay: a visitor still learns what the app is.
    expect(screen.getByText('Размер')).toBeTruthy();
  });

  it('says plainly how an app published as a bundle is installed: no QR code to scan, the file named for what it is', async () => {
    answerStore(listing('enUS', { packageKind: 'aab' }));
    renderApp('en', `#/store/${APP_ID}`);
    expect(await screen.findByText('Installed through a store client')).toBeTruthy();
    expect(screen.getByText(/A phone cannot install the file by itself/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the bundle (.aab)' }).getAttribute('href')).toBe(`${window.location.origin}${listing('enUS').downloadUrl}`);
    expect(screen.queryByText('Download')).toBeNull();
    expect(screen.queryByTestId('store-qr')).toBeNull();
  });

  it('says when the listing is in the default language because the page language has none', async () => {
    answerStore(listing('enUS'));
    renderApp('cn', `#/store/${APP_ID}`);
    expect(await screen.findByText('Field Notes')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.storeApp)[0]).toMatchObject({ query: { language: 'zhCN' } });
    expect(screen.getByText('暂无您所用语言的介绍，显示应用的默认语言')).toBeTruthy();
    expect(screen.getByText('用手机扫码下载')).toBeTruthy();
  });

  it('says clearly that an app is not in the store, without retrying', async () => {
    answerCalls(callEndpoint, {
      [consoleApi.getConfig.id]: () => CONFIG,
      [versionApi.storeApp.id]: () => {
        throw new ApiError('This app is not available in the store', versionApi.storeApp.id, 404, 404, 'This app is not available in the store');
      },
    });
    renderApp('en', `#/store/${APP_ID}`);
    expect(await screen.findByText('This app is not available in the store')).toBeTruthy();
    expect(screen.getByText(/It is not on shelf, or it was removed/)).toBeTruthy();
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.storeApp)).toHaveLength(1));
    expect(screen.queryByTestId('store-qr')).toBeNull();
  });
});

describe("the store's front page", () => {
  const item = (appId: string, name: string, over: Record<string, unknown> = {}) => ({ appId, platform: 'android', language: 'ruRU', name, brief: `${name}: коротко`, iconUrl: `/icon/${appId}`, preRegistration: false, offeredHere: true, updatedAt: '2026-03-12T09:00:00.000Z', ...over });
  const OTHER = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

  it('lists the apps in the store in the page language, a page at a time, each leading to its page; a visitor reaches it from the header', async () => {
    answerCalls(callEndpoint, {
      [consoleApi.getConfig.id]: () => CONFIG,
      [versionApi.storeIndex.id]: ({ query }) =>
        (query as { cursor?: string }).cursor
          ? { ret: OK, items: [item(OTHER, 'Калькулятор', { preRegistration: true, offeredHere: false })], nextCursor: null }
          : { ret: OK, items: [item(APP_ID, 'Полевые заметки')], nextCursor: 'next' },
    });
    renderApp('ru', '#/news');
    const visitor = within(await screen.findByRole('navigation', { name: 'Без аккаунта' }));
    expect(visitor.getByRole('link', { name: 'Демо-проект' }).getAttribute('href')).toBe('#/demoProject');
    visitor.getByRole('link', { name: 'Магазин' }).click();
    expect(await screen.findByRole('heading', { name: 'Магазин' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Полевые заметки' })).getAttribute('href')).toBe(`#/store/${APP_ID}`);
    expect(callsTo(callEndpoint, versionApi.storeIndex)[0]).toMatchObject({ query: { pageSize: 24, language: 'ruRU' }, notAuth: true });
    screen.getByRole('button', { name: 'Показать ещё приложения' }).click();
    expect(await screen.findByRole('link', { name: 'Калькулятор' })).toBeTruthy();
    expect(screen.getByText('Недоступно в вашей стране')).toBeTruthy();
    expect(screen.getByText('Скоро')).toBeTruthy();
  });

  it('says what to expect when the store is empty', async () => {
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG, [versionApi.storeIndex.id]: () => ({ ret: OK, items: [], nextCursor: null }) });
    renderApp('en', '#/store');
    expect(await screen.findByText('No apps are in the store yet.')).toBeTruthy();
  });
});
