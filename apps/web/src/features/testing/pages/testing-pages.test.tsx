import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { teamApi, testingApi, type TestVersion } from '@wharf/contract';
import { answerCalls, callsTo, permissionsOf } from '../../../test/fixtures';
import { appShellHandlers, APP_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { ApiError } from '../../../request/errors';
import { TESTER_TOKEN_KEY } from '../../../app/modes/OpenTestPage';
import { callEndpoint } from '../../../test/call-mock';

// The App testing page and the open-test page with the real providers, router and antd;
// the request layer is replaced at its module boundary (the calls are tested against the
// real server in apps/server/src/families/testing).

const OK = { code: 0, msg: 'success' };
// Found by their text: jsdom's role query inside antd's table row takes minutes.
const buttonIn = (row: HTMLElement, name: string) => within(row).queryByText(name)?.closest('button') ?? null;
const GROUP_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const TEST_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
type Handler = (o: { params?: unknown; body?: unknown; query?: unknown; onUploadProgress?: (sent: number, total?: number) => void }) => unknown;

function testVersion(over: Partial<TestVersion> = {}): TestVersion {
  return {
    testVersionId: TEST_ID,
    appId: APP_ID,
    name: 'Spring beta',
    kind: 'invited',
    state: 'draft',
    stateName: 'draft',
    pkgId: null,
    versionCode: 1043,
    versionName: '1.4.3',
    groupIds: [],
    startAt: '2026-03-10T08:00:00.000Z',
    endAt: '2026-03-20T08:00:00.000Z',
    installCap: 500,
    installs: 12,
    downloads: 30,
    allowedActions: ['edit', 'submit'],
    rejection: null,
    endedAt: null,
    createdAt: '2026-03-09T08:00:00.000Z',
    updatedAt: '2026-03-09T08:00:00.000Z',
    ...over,
  };
}

const GROUP = { groupId: GROUP_ID, name: 'Friends', memberCount: 2, createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z' };

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...appShellHandlers(),
    [testingApi.testVersionList.id]: () => ({ ret: OK, items: [testVersion()] }),
    [testingApi.groupList.id]: () => ({ ret: OK, items: [GROUP], nextCursor: null, total: 1 }),
    [testingApi.memberList.id]: () => ({ ret: OK, items: [], nextCursor: null, total: 0 }),
    [testingApi.invitationList.id]: () => ({ ret: OK, items: [] }),
    ...over,
  };
}

afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
  localStorage.clear();
});

describe('App testing', () => {
  beforeEach(() => setSessionCookies({ siteId: 8 }));

  it('lists test versions with their state and only the buttons the state allows; submit calls test-release', async () => {
    answerCalls(callEndpoint, handlers({ [testingApi.testRelease.id]: () => ({ ret: OK, testVersion: testVersion({ state: 'underReview', allowedActions: ['withdraw'] }) }) }));
    renderApp('en', `#/apps/${APP_ID}/testing`);
    const row = (await screen.findByText('Spring beta')).closest('tr')!;
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('1.4.3 (1,043)')).toBeTruthy();
    expect(within(row).getByText('12 of 500 installed, 30 downloads')).toBeTruthy();
    expect(buttonIn(row, 'Stop test')).toBeNull();
    fireEvent.click(buttonIn(row, 'Submit for review')!);
    await waitFor(() => expect(callsTo(callEndpoint, testingApi.testRelease)).toEqual([{ body: { appId: APP_ID, testVersionId: TEST_ID, action: 'submit' } }]));
  });

  it('shows a testing version with the stop button, in Russian', async () => {
    answerCalls(callEndpoint, handlers({ [testingApi.testVersionList.id]: () => ({ ret: OK, items: [testVersion({ state: 'testing', allowedActions: ['changeWindow', 'stop'] })] }) }));
    renderApp('ru', `#/apps/${APP_ID}/testing`);
    const row = (await screen.findByText('Spring beta')).closest('tr')!;
    expect(within(row).getByText('Идёт тестирование')).toBeTruthy();
    expect(buttonIn(row, 'Остановить тест')).toBeTruthy();
    expect(buttonIn(row, 'Отправить на проверку')).toBeNull();
  });

  it('imports a CSV into a group with progress and the refused lines', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [testingApi.importMembers.id]: ({ onUploadProgress }) => {
          onUploadProgress?.(50, 100);
          return { ret: OK, rows: 3, added: 1, skipped: 0, errors: [{ line: 3, msg: '"nope" is not an email address' }, { line: 4, msg: 'a quoted field is not closed' }], group: GROUP };
        },
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/testing`);
    fireEvent.click(await screen.findByText('Test-user groups'));
    fireEvent.click((await screen.findByText('Friends')).closest('button')!);
    expect(await screen.findByText('Invitation codes')).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['email\nann@example.com\nnope\n"x'], 'testers.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('3 lines: 1 added, 0 already in the group, 2 refused')).toBeTruthy();
    expect(screen.getByText('Line 3: "nope" is not an email address')).toBeTruthy();
    expect(screen.getByText('Line 4: a quoted field is not closed')).toBeTruthy();
    expect(callsTo(callEndpoint, testingApi.importMembers)[0]!.body).toEqual({ groupId: GROUP_ID, csv: 'email\nann@example.com\nnope\n"x' });
  });

  it('says so to a member whose role has no test management', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.userPermission.id]: () => permissionsOf('customerService') }));
    renderApp('en', `#/apps/${APP_ID}/testing`);
    expect(await screen.findByText('Your role does not include test management.')).toBeTruthy();
    expect(callsTo(callEndpoint, testingApi.testVersionList)).toEqual([]);
  });
});

const LISTING = {
  appName: 'Field Notes',
  packageName: 'com.example.fieldnotes',
  iconUrl: null,
  tests: [{ testVersionId: TEST_ID, name: 'Spring beta', versionCode: 1043, versionName: '1.4.3', state: 'testing' as const, startAt: '2026-03-10T08:00:00.000Z', endAt: '2026-03-20T08:00:00.000Z', size: 3_300_000, sha256: 'ab', downloadUrl: null, full: false }],
};

describe('the open-test page', () => {
  it('shows the tests of a code from the link and joins for a tester token, without a session', async () => {
    answerCalls(callEndpoint, {
      [testingApi.openTestInvitation.id]: () => ({ ret: OK, state: 'active', listing: LISTING, expiresAt: '2026-04-09T08:00:00.000Z' }),
      [testingApi.openTestJoin.id]: () => ({ ret: OK, testerToken: 'tok-123', listing: { ...LISTING, tests: [{ ...LISTING.tests[0]!, downloadUrl: `/agc/edge/x?testerToken=tok-123` }] } }),
    });
    renderApp('en', '#/app/openTest?code=ABCD-EFGH-JK');
    expect(await screen.findByText('Field Notes')).toBeTruthy();
    expect(screen.getByText('Spring beta')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your email (optional)'), { target: { value: 'tess@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the test' }));
    expect(await screen.findByText('You have joined the test')).toBeTruthy();
    expect(screen.getByTestId('tester-token').textContent).toContain('tok-123');
    expect(screen.getByRole('link', { name: /Download/ }).getAttribute('href')).toContain('testerToken=tok-123');
    expect(localStorage.getItem(TESTER_TOKEN_KEY)).toBe('tok-123');
    expect(callsTo(callEndpoint, testingApi.openTestInvitation)[0]).toMatchObject({ query: { code: 'ABCDEFGHJK' }, notAuth: true });
    expect(callsTo(callEndpoint, testingApi.openTestJoin)[0]!.body).toEqual({ code: 'ABCDEFGHJK', email: 'tess@example.com' });
  });

  it('says an expired code in words and offers no join', async () => {
    answerCalls(callEndpoint, { [testingApi.openTestInvitation.id]: () => ({ ret: OK, state: 'expired', listing: { ...LISTING, tests: [] }, expiresAt: '2026-02-09T08:00:00.000Z' }) });
    renderApp('en', '#/app/openTest?code=ABCDEFGHJK');
    expect(await screen.findByText(/This invitation expired on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the test' })).toBeNull();
  });

  it('says a full code and an unknown code in words (in Chinese)', async () => {
    answerCalls(callEndpoint, { [testingApi.openTestInvitation.id]: () => ({ ret: OK, state: 'full', listing: LISTING, expiresAt: '2026-04-09T08:00:00.000Z' }) });
    renderApp('cn', '#/app/openTest?code=ABCDEFGHJK');
    expect(await screen.findByText('该邀请的人数已达上限，请联系开发者获取新的邀请。')).toBeTruthy();
  });

  it('says an unknown code in words', async () => {
    answerCalls(callEndpoint, {
      [testingApi.openTestInvitation.id]: () => {
        throw new ApiError('No invitation', testingApi.openTestInvitation.id, 404, 100404, 'There is no invitation with this code');
      },
    });
    renderApp('ru', '#/app/openTest?code=ZZZZZZZZZZ');
    expect(await screen.findByText('Приглашения с таким кодом нет. Проверьте код и попробуйте снова.')).toBeTruthy();
  });
});
