import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authApi, versionApi, type ReviewTask, type Version } from '@wharf/contract';
import { answerCalls, callsTo, me } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { APP_ID, PKG_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies, TEAM_ID } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The reviewers' console with the real providers, router and antd; the request layer is
// replaced at its module boundary.

const OK = { code: 0, msg: 'success' };
const TASK_ID = 'abababab-abab-4bab-8bab-abababababab';
const OLDER_ID = 'cdcdcdcd-cdcd-4dcd-8dcd-cdcdcdcdcdcd';
const VERSION_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const LIVE_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
type Handler = (o: { params?: unknown; body?: unknown; query?: unknown }) => unknown;
type Listing = Version['listings'][number];

function task(over: Partial<ReviewTask> = {}): ReviewTask {
  return {
    taskId: TASK_ID,
    kind: 'update',
    state: 'open',
    versionId: VERSION_ID,
    appId: APP_ID,
    appName: 'Field Notes',
    packageName: 'com.example.fieldnotes',
    teamId: TEAM_ID,
    versionCode: 1043,
    versionName: '1.4.3',
    reason: null,
    submittedAt: '2026-03-10T09:00:00.000Z',
    urgedAt: null,
    urged: false,
    reviewerId: null,
    decidedAt: null,
    reasons: [],
    comment: null,
    ...over,
  };
}

function listing(over: Partial<Listing> & { language: string }): Listing {
  return { name: 'Field Notes', brief: 'Notes in the field', description: 'Write notes anywhere.', newFeatures: '', iconObjectId: null, screenshotObjectIds: [], videoObjectIds: [], updatedAt: '2026-03-09T10:00:00.000Z', ...over } as Listing;
}

function version(over: Partial<Version> = {}): Version {
  return {
    versionId: VERSION_ID,
    appId: APP_ID,
    releaseState: 5,
    stateName: 'update under review',
    releaseType: 'full',
    pkgId: PKG_ID,
    noPackage: false,
    expansionFiles: [],
    versionCode: 1043,
    versionName: '1.4.3',
    countries: ['DE', 'FR', 'RU'],
    releaseAt: null,
    reviewNotes: 'Sign in with the test account.',
    testAccount: { account: 'reviewer@example.com', password: 'pass-1234' },
    ageRating: '12+',
    listings: [listing({ language: 'enUS', brief: 'Field notes, offline' }), listing({ language: 'ruRU', name: 'Полевые заметки', brief: 'Заметки', description: 'Пишите.' })],
    rollbackPending: false,
    superseded: false,
    allowedActions: [],
    rejection: null,
    submittedAt: '2026-03-10T09:00:00.000Z',
    urgedAt: null,
    onShelfAt: null,
    createdAt: '2026-03-09T10:00:00.000Z',
    updatedAt: '2026-03-10T09:00:00.000Z',
    ...over,
  };
}

const LIVE = version({ versionId: LIVE_ID, releaseState: 0, versionCode: 1042, versionName: '1.4.2', countries: ['DE', 'FR'], listings: [listing({ language: 'enUS' })] });

/** Buttons by their text (role queries with names cost seconds per page in jsdom). */
function button(text: string): HTMLButtonElement {
  const found = screen.getAllByText(text, { selector: 'button span' })[0]?.closest('button');
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...shellHandlers({ me: { operatorRoles: ['reviewer'] } }),
    [versionApi.reviewTaskQueue.id]: () => ({
      ret: OK,
      items: [task({ taskId: OLDER_ID, kind: 'shelfOff', appName: 'Tipsy', packageName: 'com.dhruv.tipsy', reason: 'We stop the service', submittedAt: '2026-03-08T09:00:00.000Z', urged: true, urgedAt: '2026-03-09T09:00:00.000Z' }), task()],
      nextCursor: null,
    }),
    [versionApi.reviewTaskDetail.id]: () => ({
      ret: OK,
      task: task(),
      version: version(),
      completeness: { complete: true, missing: [], versionCodeWarning: true },
      onShelf: LIVE,
      diff: {
        versionCode: { from: 1042, to: 1043 },
        countries: { added: ['RU'], removed: [] },
        listings: [
          { language: 'enUS', change: 'changed', fields: ['brief'] },
          { language: 'ruRU', change: 'added', fields: [] },
        ],
        permissions: { added: ['android.permission.INTERNET'], removed: [] },
        signerChanged: false,
      },
      package: { fileName: 'fieldnotes-1.4.3.apk', size: 3_300_000, sha256: 'cd'.repeat(32), minSdk: 24, targetSdk: 35, permissions: ['android.permission.INTERNET'] },
    }),
    ...over,
  };
}

beforeEach(() => {
  setSessionCookies({ siteId: 8 });
});

afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
});

describe('Review console', () => {
  it('is in the top menu of reviewers only', async () => {
    answerCalls(callEndpoint, handlers({ [authApi.userInfo.id]: () => me() }));
    const { unmount } = renderApp('en', '#/apps');
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(screen.queryByText('Review', { selector: '.ant-menu-title-content' })).toBeNull();
    unmount();
    answerCalls(callEndpoint, handlers());
    renderApp('en', '#/apps');
    expect(await screen.findByText('Review', { selector: '.ant-menu-title-content' })).toBeTruthy();
  });

  it('lists the open tasks oldest first with urged ones flagged', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', '#/review');
    expect(await screen.findByText('Review queue', { selector: 'h2' })).toBeTruthy();
    const urged = (await screen.findByText('Tipsy')).closest('tr')!;
    expect(within(urged).getByText('Removal')).toBeTruthy();
    expect(within(urged).getByText(/^Urged 2026-03-09 \d\d:00$/)).toBeTruthy();
    expect(within(urged).getByText('We stop the service')).toBeTruthy();
    const update = screen.getByText('Field Notes').closest('tr')!;
    expect(within(update).getByText('Update')).toBeTruthy();
    expect(within(update).getByText('1.4.3 (1,043)')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.reviewTaskQueue)[0]?.body).toEqual({ state: 'open', pageSize: 20 });
  });

  it('says what to expect when the queue is empty, in Russian', async () => {
    answerCalls(callEndpoint, handlers({ [versionApi.reviewTaskQueue.id]: () => ({ ret: OK, items: [], nextCursor: null }) }));
    renderApp('ru', '#/review');
    expect(await screen.findByText('Проверять нечего. Новые версии и запросы появятся здесь, сначала самые старые.')).toBeTruthy();
    // The state filter is named for screen readers in Russian, not antd's "segmented control".
    expect(screen.getByRole('radiogroup', { name: 'Задачи по состоянию' })).toBeTruthy();
  });

  it('shows the listing against the version on shelf and the package facts, and rejects with reasons and a comment', async () => {
    answerCalls(callEndpoint, handlers({ [versionApi.submitReview.id]: () => ({ ret: OK, task: task({ state: 'rejected' }) }) }));
    renderApp('en', `#/review/${TASK_ID}`);
    expect(await screen.findByText('Field Notes', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText('1.4.2 (1,042)')).toBeTruthy();
    expect(screen.getByText('12+ (ages 12 and over)')).toBeTruthy();
    expect(screen.getByText('1,042 → 1,043')).toBeTruthy();
    expect(screen.getByText('Added: Russia')).toBeTruthy();
    expect(screen.getByText('The versionCode equals the one on shelf: devices that have it installed will not be offered this version.')).toBeTruthy();
    expect(screen.getByText('fieldnotes-1.4.3.apk')).toBeTruthy();
    expect(screen.getByText('Permissions (1)')).toBeTruthy();
    expect(screen.getByText('Added: android.permission.INTERNET')).toBeTruthy();
    // The English brief changed: both texts, the old one struck through; Russian is new.
    expect(screen.getByText('changed: 1')).toBeTruthy();
    expect(screen.getByText('Field notes, offline')).toBeTruthy();
    expect(screen.getByText('Notes in the field').closest('del, .ant-typography-secondary')).toBeTruthy();
    expect(screen.getByText('new')).toBeTruthy();
    expect(screen.getByText('Sign in with the test account.')).toBeTruthy();

    fireEvent.click(button('Reject'));
    const dialog = (await screen.findByText('Reject Field Notes')).closest('.ant-modal') as HTMLElement;
    const ok = within(dialog).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('The brief introduction does not describe the app'));
    fireEvent.change(within(dialog).getByLabelText('Comment for the developer'), { target: { value: 'Say what the app does.' } });
    fireEvent.click(ok);
    expect(await screen.findByText('Rejected; the developer sees the reasons.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.submitReview)[0]?.body).toEqual({ taskId: TASK_ID, decision: 'reject', reasons: ['weakBrief'], comment: 'Say what the app does.' });
  });

  it('shows the listing images and video of the version beside those on shelf, and offers the package for download', async () => {
    const detail = handlers()[versionApi.reviewTaskDetail.id]!;
    const [icon, oldIcon, shot, clip] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'];
    const media = Object.fromEntries([icon, oldIcon, shot, clip].map((id) => [id, `/signed/${id}`]));
    answerCalls(
      callEndpoint,
      handlers({
        [versionApi.reviewTaskDetail.id]: (call) => {
          const base = detail(call) as { package: object; diff: { listings: unknown[] } };
          return {
            ...base,
            version: version({ listings: [listing({ language: 'enUS', iconObjectId: icon, screenshotObjectIds: [shot], videoObjectIds: [clip] })] }),
            onShelf: version({ listings: [listing({ language: 'enUS', iconObjectId: oldIcon })] }),
            diff: { ...base.diff, listings: [{ language: 'enUS', change: 'changed', fields: ['iconObjectId', 'screenshotObjectIds', 'videoObjectIds'] }] },
            package: { ...base.package, downloadUrl: '/signed/package' },
            media,
          };
        },
      }),
    );
    renderApp('en', `#/review/${TASK_ID}`);
    const mine = within(await screen.findByTestId('review-media-enUS'));
    expect(mine.getByText('Icon, screenshots and videos of this version')).toBeTruthy();
    expect(mine.getByRole('img', { name: 'Icon' }).getAttribute('src')).toBe(`/signed/${icon}`);
    expect(mine.getByRole('img', { name: 'Screenshot 1' }).getAttribute('src')).toBe(`/signed/${shot}`);
    expect(mine.getByLabelText('Video 1').getAttribute('src')).toBe(`/signed/${clip}`);
    const shelf = within(screen.getByTestId('review-media-enUS-shown'));
    expect(shelf.getByText('On shelf now')).toBeTruthy();
    expect(shelf.getByRole('img', { name: 'Icon' }).getAttribute('src')).toBe(`/signed/${oldIcon}`);
    const download = screen.getByTestId('review-package-download');
    expect([download.getAttribute('href'), download.getAttribute('download'), download.textContent]).toEqual(['/signed/package', 'fieldnotes-1.4.3.apk', 'Download package']);
  });

  it('names the version on shelf while a task is open, and the one it replaced once an update is approved', async () => {
    answerCalls(callEndpoint, handlers());
    const open = renderApp('en', `#/review/${TASK_ID}`);
    expect(await screen.findByText('On shelf now')).toBeTruthy();
    open.unmount();
    const detail = handlers()[versionApi.reviewTaskDetail.id]!;
    answerCalls(callEndpoint, handlers({ [versionApi.reviewTaskDetail.id]: (call) => ({ ...(detail(call) as object), task: task({ state: 'approved', kind: 'update' }) }) }));
    renderApp('en', `#/review/${TASK_ID}`);
    expect(await screen.findByText('On shelf before it')).toBeTruthy();
    expect(screen.queryByText('On shelf now')).toBeNull();
  });

  it('shows a phased submission\'s share, period and note to users, in Russian', async () => {
    const detail = handlers()[versionApi.reviewTaskDetail.id]!;
    const phasedRelease = { versionId: 'v', state: 'pending', percent: 12.5, startAt: '2026-03-10T00:00:00.000Z', endAt: '2026-04-09T00:00:00.000Z', description: 'Сначала десятая часть', updatedAt: '2026-03-09T00:00:00.000Z' };
    answerCalls(callEndpoint, handlers({ [versionApi.reviewTaskDetail.id]: (call) => ({ ...(detail(call) as object), version: version({ releaseType: 'phased' }), phasedRelease }) }));
    renderApp('ru', `#/review/${TASK_ID}`);
    expect(await screen.findByText('Доля поэтапного выпуска')).toBeTruthy();
    expect(screen.getByText('12,5 %')).toBeTruthy();
    // The period in the site's date format: two dates with times.
    expect(screen.getByText(/^\S+2026 \d\d:\d\d – \S+2026 \d\d:\d\d$/)).toBeTruthy();
    expect(screen.getByText('Сначала десятая часть')).toBeTruthy();
  });

  it('shows no phased facts for a full release', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', `#/review/${TASK_ID}`);
    expect(await screen.findByText('On shelf now')).toBeTruthy();
    expect(screen.queryByText('Phased share')).toBeNull();
  });

  it('approves, optionally at a release time', async () => {
    answerCalls(callEndpoint, handlers({ [versionApi.submitReview.id]: () => ({ ret: OK, task: task({ state: 'approved' }) }) }));
    renderApp('en', `#/review/${TASK_ID}`);
    fireEvent.click(await screen.findByText('Approve', { selector: 'button span' }));
    const dialog = (await screen.findByText('Approve Field Notes')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('Optional. Leave empty to use the developer\'s choice.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved.')).toBeTruthy();
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.submitReview)[0]?.body).toEqual({ taskId: TASK_ID, decision: 'approve', reasons: [] }));
  });

  it('takes a decided task out of the queue at once, before the queue has been asked again', async () => {
    const first = handlers()[versionApi.reviewTaskQueue.id]!;
    let asked = 0;
    // The queue answers once; asked again, it does not answer (a slow server).
    answerCalls(callEndpoint, handlers({ [versionApi.submitReview.id]: () => ({ ret: OK, task: task({ state: 'approved' }) }), [versionApi.reviewTaskQueue.id]: (call) => ((asked += 1) === 1 ? first(call) : new Promise(() => undefined)) }));
    renderApp('en', '#/review');
    fireEvent.click(await screen.findByRole('link', { name: 'Open the task of Field Notes' }));
    fireEvent.click(await screen.findByText('Approve', { selector: 'button span' }));
    const dialog = (await screen.findByText('Approve Field Notes')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '← Back to the queue' }));
    expect(await screen.findByText('Tipsy')).toBeTruthy();
    expect(screen.queryByText('Field Notes')).toBeNull();
  });
});
