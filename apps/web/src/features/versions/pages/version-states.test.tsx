import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { versionApi } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { APP_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { OK, VERSION_ID, LIVE_ID, queryButton, button, version, COMPLETE, handlers } from './version-fixtures';
import { callEndpoint } from '../../../test/call-mock';

// The version page in each state a version passes through, and the actions each allows,
// with the real providers, router and antd; the request layer is replaced at its module boundary.

beforeEach(() => {
  setSessionCookies({ siteId: 8 });
});

afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
});

describe('Version information: what each state allows', () => {
  it('shows a rejection with its reasons, in Russian with Russian dates', async () => {
    const rejected = version({ releaseState: 1, submittedAt: '2026-03-10T09:00:00.000Z', rejection: { reasons: ['weakBrief', 'privacyPolicy'], comment: 'Добавьте ссылку на политику.', at: '2026-03-11T09:00:00.000Z' } });
    answerCalls(callEndpoint, handlers(rejected));
    renderApp('ru', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('Публикация отклонена')).toBeTruthy();
    expect(screen.getByText(/^Результат проверки \(11\.03\.2026 \d\d:00\): отклонена$/)).toBeTruthy();
    expect(screen.getByText('• Краткое описание не объясняет, что делает приложение')).toBeTruthy();
    expect(screen.getByText('• Политика конфиденциальности отсутствует или противоречива')).toBeTruthy();
    expect(screen.getByText('Комментарий проверяющего: Добавьте ссылку на политику.')).toBeTruthy();
    expect(button('Отправить на проверку')).toBeTruthy();
  });

  it('under review: cancel review and urge, each after a confirmation', async () => {
    const inReview = version({ releaseState: 4, submittedAt: '2026-03-10T09:00:00.000Z' });
    answerCalls(
      callEndpoint,
      handlers(inReview, {
        [versionApi.getVersion.id]: () => ({ ret: OK, version: inReview, completeness: COMPLETE }),
        [versionApi.urgeAudit.id]: () => ({ ret: OK, version: inReview }),
        [versionApi.cancelOnShelf.id]: () => ({ ret: OK, version: version() }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(queryButton('Submit for review')).toBeNull();
    expect(queryButton('Delete version')).toBeNull();
    expect((screen.getByLabelText('App name') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(button('Urge review'));
    const urge = (await screen.findByText('Urge the review?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(urge).getByRole('button', { name: 'Urge' }));
    expect(await screen.findByText('The review was urged.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.urgeAudit)[0]?.body).toEqual({ appId: APP_ID, versionId: VERSION_ID });

    fireEvent.click(button('Cancel review'));
    const cancel = (await screen.findByText('Cancel the review?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel review' }));
    expect(await screen.findByText('The review was cancelled; the version is a draft again.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.cancelOnShelf)[0]?.body).toEqual({ appId: APP_ID, versionId: VERSION_ID });
  });

  it('on shelf: removal asks for a reason; a phased release is paused and raised from its panel', async () => {
    const live = version({ versionId: LIVE_ID, releaseState: 0, releaseType: 'phased', onShelfAt: '2026-03-12T09:00:00.000Z' });
    const phase = { versionId: LIVE_ID, state: 'active', percent: 10, startAt: '2026-03-12T09:00:00.000Z', endAt: '2026-04-12T09:00:00.000Z', description: 'First tenth', updatedAt: '2026-03-12T09:00:00.000Z' };
    answerCalls(
      callEndpoint,
      handlers(null, {
        [versionApi.historyVersion.id]: () => ({ ret: OK, version: live, events: [] }),
        [versionApi.phasedReleaseHistory.id]: () => ({
          ret: OK,
          phasedRelease: phase,
          items: [{ action: 'START', fromState: 'pending', toState: 'active', percent: 10, actorKind: 'system', actorId: null, at: '2026-03-12T09:00:00.000Z' }],
        }),
        [versionApi.changePhasedRelease.id]: ({ body }) => ({ ret: OK, phasedRelease: { ...phase, state: (body as { state: string }).state === 'SUSPEND' ? 'paused' : 'active' } }),
        [versionApi.shelfOff.id]: () => ({ ret: OK, version: { ...live, releaseState: 6 } }),
        [versionApi.downloadStats.id]: ({ query }) => ({ ret: OK, ...(query as object), total: 0, versions: [], days: [], countries: [] }),
      }, live),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('On shelf: 1.4.2 (1042)')).toBeTruthy();
    expect(screen.getByText('Released')).toBeTruthy();
    expect(button('Upgrade')).toBeTruthy();
    expect(screen.getByText('No update is being prepared. Choose Upgrade to start the next version from the one on shelf.')).toBeTruthy();
    const glance = await screen.findByTestId('distribution-glance');
    expect(within(glance).getByText('In the store')).toBeTruthy();
    expect(within(glance).getByText('Phased release at 12.5%')).toBeTruthy();
    expect(within(glance).getByText('Downloads in the last 30 days: 12,345')).toBeTruthy();
    // A phased version is terminated, not rolled back.
    expect(queryButton('Version rollback')).toBeNull();
    expect(await screen.findByText('Offered to 10% of users')).toBeTruthy();
    expect(screen.getByText('Started')).toBeTruthy();
    expect(queryButton('Resume phased release')).toBeNull();
    // Beside the phase, its adoption: nothing downloaded yet says what brings the first downloads.
    expect(await screen.findByText(/No downloads in the last 30 days\. .*share the store page/)).toBeTruthy();
    expect(screen.getByText('Store page').closest('a')?.getAttribute('href')).toBe(`#/store/${APP_ID}`);

    fireEvent.click(button('Pause'));
    const pause = (await screen.findByText('Pause the phased release?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(pause).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('The phased release is paused.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.changePhasedRelease)[0]?.body).toEqual({ appId: APP_ID, versionId: LIVE_ID, state: 'SUSPEND' });

    fireEvent.change(screen.getByLabelText('New share'), { target: { value: '25.5' } });
    fireEvent.click(button('Raise'));
    const raise = (await screen.findByText('From 10% to 25.5%. The share can only go up.')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(raise).getByRole('button', { name: 'Raise' }));
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.changePhasedRelease)[1]?.body).toEqual({ appId: APP_ID, versionId: LIVE_ID, state: 'UPDATE', percent: 25.5 }));

    fireEvent.click(button('Request removal'));
    const removal = (await screen.findByText('Request removal from the store')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(removal).getByRole('button', { name: 'Request removal' }));
    expect(await within(removal).findByText('Give a reason')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.shelfOff)).toHaveLength(0);
    fireEvent.change(within(removal).getByLabelText('Reason'), { target: { value: 'Replaced by a new app' } });
    fireEvent.click(within(removal).getByRole('button', { name: 'Request removal' }));
    expect(await screen.findByText('Removal was requested.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.shelfOff)[0]?.body).toEqual({ appId: APP_ID, versionId: LIVE_ID, reason: 'Replaced by a new app' });
  });

  it('without a version: says what to do and creates one', async () => {
    answerCalls(callEndpoint, handlers(null, { [versionApi.createVersion.id]: () => ({ ret: OK, version: version(), created: true }) }));
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('No version yet. Upload a package in Package management, then create the first version here.')).toBeTruthy();
    fireEvent.click(button('Create version'));
    expect(await screen.findByText('The version was created. Choose its package and fill in its listing.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.createVersion)[0]?.body).toEqual({ appId: APP_ID });
  });
  it('approved and waiting: release now, change the time, or cancel the release', async () => {
    const waiting = version({ releaseState: 3, submittedAt: '2026-03-10T09:00:00.000Z', releaseAt: '2026-03-20T09:00:00.000Z' });
    answerCalls(
      callEndpoint,
      handlers(waiting, {
        [versionApi.getVersion.id]: () => ({ ret: OK, version: waiting, completeness: COMPLETE }),
        [versionApi.onShelfTime.id]: () => ({ ret: OK, version: { ...waiting, releaseState: 0 } }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('Pending release')).toBeTruthy();
    expect(screen.getByText(/^Approved\. It goes on shelf at 2026-03-20 \d\d:00; you may change the time, release it now or cancel\.$/)).toBeTruthy();
    expect(button('Change release time')).toBeTruthy();
    expect(button('Cancel release')).toBeTruthy();
    expect(queryButton('Cancel review')).toBeNull();
    expect(queryButton('Urge review')).toBeNull();
    fireEvent.click(button('Release now'));
    const now = (await screen.findByText('Release now?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(now).getByRole('button', { name: 'Release now' }));
    expect(await screen.findByText('The version is on shelf.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.onShelfTime)[0]?.body).toEqual({ appId: APP_ID, versionId: VERSION_ID, now: true });
  });

  it('on shelf in full: a rollback is requested with a reason', async () => {
    const live = version({ versionId: LIVE_ID, releaseState: 0, onShelfAt: '2026-03-12T09:00:00.000Z' });
    answerCalls(
      callEndpoint,
      handlers(null, {
        [versionApi.versionList.id]: () => ({ ret: OK, items: [live, version({ versionId: VERSION_ID, releaseState: 0, superseded: true, versionCode: 1041, versionName: '1.4.1', onShelfAt: '2026-03-01T09:00:00.000Z' })], nextCursor: null }),
        [versionApi.historyVersion.id]: () => ({ ret: OK, version: live, events: [] }),
        [versionApi.rollback.id]: () => ({ ret: OK, version: { ...live, rollbackPending: true } }),
      }, live),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('On shelf: 1.4.2 (1042)')).toBeTruthy();
    expect(queryButton('Urge review')).toBeNull();
    // Every version, the older one replaced on shelf is a history version.
    const list = screen.getByText('All versions').closest('.ant-card') as HTMLElement;
    expect(within(list).getByText('History version')).toBeTruthy();
    expect(within(list).getByText('1.4.1 (1,041)')).toBeTruthy();
    fireEvent.click(button('Version rollback'));
    const dialog = (await screen.findByText('Roll back to the previous version')).closest('.ant-modal') as HTMLElement;
    // The dialog names what devices get back: the history version on shelf last.
    expect(within(dialog).getByText('Devices get 1.4.1 (1,041) again once the rollback is approved. Only one step back is possible.')).toBeTruthy();
    expect(dialog.querySelector('.ant-alert-warning')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Crashes on start' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request rollback' }));
    expect(await screen.findByText('The rollback was requested.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.rollback)[0]?.body).toEqual({ appId: APP_ID, versionId: LIVE_ID, reason: 'Crashes on start' });
  });

  it('a rollback to a pre-registration page warns that devices get no package and points to removal', async () => {
    const live = version({ versionId: LIVE_ID, releaseState: 0, onShelfAt: '2026-03-12T09:00:00.000Z' });
    const page = version({ versionId: VERSION_ID, releaseState: 0, superseded: true, noPackage: true, versionCode: null, versionName: null, onShelfAt: '2026-02-01T09:00:00.000Z' });
    answerCalls(
      callEndpoint,
      handlers(null, {
        [versionApi.versionList.id]: () => ({ ret: OK, items: [live, page], nextCursor: null }),
        [versionApi.historyVersion.id]: () => ({ ret: OK, version: live, events: [] }),
      }, live),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    fireEvent.click(await screen.findByText('Version rollback'));
    const dialog = (await screen.findByText('Roll back to the previous version')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('Devices get the pre-registration page (no package) again once the rollback is approved. Only one step back is possible.')).toBeTruthy();
    expect(within(dialog).getByText(/shows "Coming soon" again and devices get no package at all/)).toBeTruthy();
  });

  it('rollback under review: the extra label, urge, and no second request', async () => {
    const live = version({ versionId: LIVE_ID, releaseState: 0, rollbackPending: true, onShelfAt: '2026-03-12T09:00:00.000Z' });
    answerCalls(callEndpoint, handlers(null, { [versionApi.historyVersion.id]: () => ({ ret: OK, version: live, events: [] }) }, live));
    renderApp('ru', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('Опубликована (откат на проверке)')).toBeTruthy();
    expect(button('Поторопить проверку')).toBeTruthy();
    expect(queryButton('Откатить версию')).toBeNull();
    expect(queryButton('Запросить снятие')).toBeNull();
    expect(button('Отозвать запрос на откат')).toBeTruthy();
  });

  it('rollback under review: the request is withdrawn after a confirmation', async () => {
    const live = version({ versionId: LIVE_ID, releaseState: 0, rollbackPending: true, onShelfAt: '2026-03-12T09:00:00.000Z' });
    answerCalls(
      callEndpoint,
      handlers(null, {
        [versionApi.historyVersion.id]: () => ({ ret: OK, version: live, events: [] }),
        [versionApi.rollbackCancel.id]: () => ({ ret: OK, version: { ...live, rollbackPending: false } }),
      }, live),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('A rollback to the previous version is under review. You may urge it or withdraw the request.')).toBeTruthy();
    fireEvent.click(button('Withdraw rollback request'));
    const dialog = (await screen.findByText('Withdraw the rollback request?')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('This version stays on shelf and the review task is withdrawn.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.rollbackCancel)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The rollback request was withdrawn.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.rollbackCancel)[0]?.query).toEqual({ appId: APP_ID, versionId: LIVE_ID });
  });

  it('approved in phases, before its start: one state, when it starts, and who gets what until then', async () => {
    const live = version({ versionId: LIVE_ID, releaseState: 0, releaseType: 'phased', onShelfAt: '2026-03-12T09:00:00.000Z' });
    const phase = { versionId: LIVE_ID, state: 'pending', percent: 10, startAt: '2026-03-25T00:00:00.000Z', endAt: '2026-04-12T09:00:00.000Z', description: 'First tenth', updatedAt: '2026-03-12T09:00:00.000Z' };
    answerCalls(
      callEndpoint,
      handlers(null, {
        [versionApi.historyVersion.id]: () => ({ ret: OK, version: live, events: [] }),
        [versionApi.phasedReleaseHistory.id]: () => ({ ret: OK, phasedRelease: phase, items: [] }),
        [versionApi.downloadStats.id]: ({ query }) => ({ ret: OK, ...(query as object), total: 0, versions: [], days: [], countries: [] }),
      }, live),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText(/^Approved, phased release starts /)).toBeTruthy();
    expect(screen.queryByText('Released')).toBeNull();
    expect(screen.queryByText('On shelf since')).toBeNull();
    expect(screen.getByText('Until the phased release starts, users get the previous version.')).toBeTruthy();
  });
});
