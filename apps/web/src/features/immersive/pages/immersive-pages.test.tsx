import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appApi, fileApi, immersiveApi, projectApi, qualificationApi, versionApi, type ImmersiveInfo, type QualificationTask } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { app, APP_ID, project } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies, TEAM_ID } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The immersive banner page, the qualifications page and the reviewers' tabs for both,
// with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const IMAGE_ID = 'f1f1f1f1-f1f1-4f1f-8f1f-f1f1f1f1f1f1';
const NEW_IMAGE_ID = 'f2f2f2f2-f2f2-4f2f-8f2f-f2f2f2f2f2f2';
const TASK_ID = 'abababab-abab-4bab-8bab-abababababab';
type Handler = (o: { params?: unknown; body?: unknown; query?: unknown }) => unknown;

function info(over: Partial<ImmersiveInfo> = {}): ImmersiveInfo {
  return {
    appId: APP_ID,
    imageObjectId: IMAGE_ID,
    color: '#1e64c8',
    colorSource: 'image',
    texts: [{ language: 'enUS', title: 'Summer sale', subtitle: 'All levels free' }],
    state: 'draft',
    rejection: null,
    published: null,
    updatedAt: '2026-03-09T10:00:00.000Z',
    allowedActions: ['edit', 'delete', 'submit'],
    ...over,
  };
}

function qualification(over: Partial<QualificationTask> = {}): QualificationTask {
  return {
    taskId: TASK_ID,
    appId: APP_ID,
    appName: 'Field Notes',
    packageName: 'com.example.fieldnotes',
    teamId: TEAM_ID,
    kind: 'gameLicence',
    files: [{ objectId: IMAGE_ID, fileName: 'licence.pdf', contentType: 'application/pdf', size: 2048 }],
    remarks: 'ISBN 978-7',
    state: 'pending',
    reason: null,
    submittedAt: '2026-03-09T10:00:00.000Z',
    updatedAt: '2026-03-09T10:00:00.000Z',
    decidedAt: null,
    allowedActions: ['edit', 'cancel'],
    ...over,
  };
}

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...shellHandlers({ me: { operatorRoles: ['reviewer'] } }),
    [projectApi.getProject.id]: () => ({ ret: OK, project: project() }),
    [appApi.getApp.id]: () => ({ ret: OK, app: app() }),
    [fileApi.downloadUrl.id]: () => ({ ret: OK, url: 'data:image/png;base64,iVBORw0KGgo=', expiresAt: '2026-03-09T11:00:00.000Z' }),
    [versionApi.reviewTaskQueue.id]: () => ({ ret: OK, items: [], nextCursor: null }),
    ...over,
  };
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
});

describe('Immersive banner page', () => {
  it('uploads a picture, takes its dominant colour from the server and creates the banner', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [immersiveApi.getImmersiveInfo.id]: () => ({ ret: OK, info: null }),
        [fileApi.uploadObject.id]: () => ({ ret: OK, object: { objectId: NEW_IMAGE_ID } }),
        [immersiveApi.imageColor.id]: () => ({ ret: OK, color: '#20a060', share: 0.4, textTone: 'light', width: 64, height: 40 }),
        [immersiveApi.createImmersiveInfo.id]: () => ({ ret: OK, info: info({ imageObjectId: NEW_IMAGE_ID, color: '#20a060' }) }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/immersive`);
    expect(await screen.findByText('Immersive banner', { selector: 'h2' })).toBeTruthy();
    const input = screen.getByTestId('immersive-upload').closest('.ant-upload')!.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' })] } });
    expect(await screen.findByText('#20a060')).toBeTruthy();
    expect(screen.getByText('taken from the picture')).toBeTruthy();
    expect(callsTo(callEndpoint, immersiveApi.imageColor)[0]!.body).toEqual({ objectId: NEW_IMAGE_ID });
    fireEvent.change(screen.getByLabelText('Title in English (United States)'), { target: { value: 'Summer sale' } });
    fireEvent.change(screen.getByLabelText('Subtitle'), { target: { value: 'All levels free' } });
    expect(screen.getByTestId('immersive-preview').textContent).toContain('Summer sale');
    fireEvent.click(screen.getByText('Save', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(callEndpoint, immersiveApi.createImmersiveInfo)).toHaveLength(1));
    expect(callsTo(callEndpoint, immersiveApi.createImmersiveInfo)[0]!.body).toEqual({ appId: APP_ID, imageObjectId: NEW_IMAGE_ID, color: null, texts: [{ language: 'enUS', title: 'Summer sale', subtitle: 'All levels free' }] });
  });

  it('shows a rejected banner with the reviewer’s comment in Russian and resubmits it', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [immersiveApi.getImmersiveInfo.id]: () => ({ ret: OK, info: info({ state: 'rejected', rejection: { comment: 'Текст на лице', at: '2026-03-09T11:00:00.000Z' }, published: { imageObjectId: IMAGE_ID, color: '#000000', texts: [] } }) }),
        [immersiveApi.submitImmersiveAudit.id]: () => ({ ret: OK, info: info({ state: 'review', allowedActions: ['cancel'] }), taskId: TASK_ID }),
      }),
    );
    renderApp('ru', `#/apps/${APP_ID}/immersive`);
    expect(await screen.findByText('Отклонено модератором: Текст на лице')).toBeTruthy();
    expect(screen.getByText('Одобренный баннер показывается')).toBeTruthy();
    fireEvent.click(screen.getByText('Отправить на проверку', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(callEndpoint, immersiveApi.submitImmersiveAudit)).toHaveLength(1));
    expect(callsTo(callEndpoint, immersiveApi.submitImmersiveAudit)[0]!.body).toEqual({ appId: APP_ID });
  });

  it('offers only withdrawal while the banner is in review, in Chinese', async () => {
    answerCalls(callEndpoint, handlers({ [immersiveApi.getImmersiveInfo.id]: () => ({ ret: OK, info: info({ state: 'review', allowedActions: ['cancel'] }) }) }));
    renderApp('cn', `#/apps/${APP_ID}/immersive`);
    expect(await screen.findByText('审核中')).toBeTruthy();
    expect(screen.getByText('撤回审核', { selector: 'button span' })).toBeTruthy();
    expect(screen.queryByText('提交审核', { selector: 'button span' })).toBeNull();
    expect(screen.queryByText('删除横幅', { selector: 'button span' })).toBeNull();
  });
});

describe('Qualifications page', () => {
  it('lists the app’s qualifications and submits a new one with an uploaded document', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [qualificationApi.qualificationTaskList.id]: () => ({ ret: OK, items: [qualification({ state: 'rejected', reason: 'Blurred scan', allowedActions: ['delete'] })], nextCursor: null }),
        [fileApi.uploadObject.id]: () => ({ ret: OK, object: { objectId: NEW_IMAGE_ID } }),
        [qualificationApi.createQualificationTask.id]: () => ({ ret: OK, task: qualification() }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/qualifications`);
    expect(await screen.findByText('Blurred scan')).toBeTruthy();
    expect(screen.getAllByText('Game publishing licence').length).toBeGreaterThan(0);
    expect(screen.getByText('Rejected')).toBeTruthy();
    const submit = screen.getByText('Submit for review', { selector: 'button span' }).closest('button') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const input = screen.getByTestId('qualification-upload').closest('.ant-upload')!.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'icp.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('icp.pdf')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Remarks'), { target: { value: 'Filed in 2025' } });
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo(callEndpoint, qualificationApi.createQualificationTask)).toHaveLength(1));
    // An app that is not a game starts from the software copyright certificate.
    expect(callsTo(callEndpoint, qualificationApi.createQualificationTask)[0]!.body).toEqual({ appId: APP_ID, kind: 'copyrightCertificate', objectIds: [NEW_IMAGE_ID], remarks: 'Filed in 2025' });
  });

  it('starts a game from its publishing licence', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [appApi.getApp.id]: () => ({ ret: OK, app: app({ category: 'game' }) }),
        [qualificationApi.qualificationTaskList.id]: () => ({ ret: OK, items: [], nextCursor: null }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/qualifications`);
    const form = (await screen.findByLabelText('Kind')).closest('.ant-card') as HTMLElement;
    expect(within(form).getByText('Game publishing licence')).toBeTruthy();
  });
});

describe('Review console tabs', () => {
  it('lets a reviewer reject a qualification with a reason and approve a banner', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [qualificationApi.qualificationReviewQueue.id]: () => ({ ret: OK, items: [qualification()], nextCursor: null }),
        [qualificationApi.setQualificationStatus.id]: () => ({ ret: OK, task: qualification({ state: 'rejected' }) }),
        [immersiveApi.immersiveReviewQueue.id]: () => ({
          ret: OK,
          items: [{ taskId: TASK_ID, appId: APP_ID, appName: 'Field Notes', packageName: 'com.example.fieldnotes', teamId: TEAM_ID, state: 'open', snapshot: { imageObjectId: IMAGE_ID, color: '#1e64c8', texts: [{ language: 'enUS', title: 'Summer sale', subtitle: '' }] }, submittedAt: '2026-03-09T10:00:00.000Z', reviewerId: null, decidedAt: null, comment: null }],
          nextCursor: null,
        }),
        [immersiveApi.decideImmersiveReview.id]: () => ({ ret: OK, task: {} }),
      }),
    );
    renderApp('en', '#/review');
    fireEvent.click(await screen.findByText('Qualifications', { selector: '[role=tab]' }));
    expect(await screen.findByText('licence.pdf')).toBeTruthy();
    const reject = screen.getByText('Reject', { selector: 'button span' }).closest('button') as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for the rejection'), { target: { value: 'Expired licence' } });
    fireEvent.click(reject);
    await waitFor(() => expect(callsTo(callEndpoint, qualificationApi.setQualificationStatus)).toHaveLength(1));
    expect(callsTo(callEndpoint, qualificationApi.setQualificationStatus)[0]!.body).toEqual({ taskId: TASK_ID, status: 'rejected', reason: 'Expired licence' });

    fireEvent.click(screen.getByText('Immersive banners', { selector: '[role=tab]' }));
    expect(await screen.findByText('enUS: Summer sale')).toBeTruthy();
    expect((screen.getByAltText('Picture') as HTMLImageElement).src).toContain(`review/task/image?taskId=${TASK_ID}`);
    // Panes already shown stay in the page (hidden): the button of the banner's own row.
    const row = screen.getByText('enUS: Summer sale').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Approve', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(callEndpoint, immersiveApi.decideImmersiveReview)).toHaveLength(1));
    expect(callsTo(callEndpoint, immersiveApi.decideImmersiveReview)[0]!.body).toEqual({ taskId: TASK_ID, decision: 'approve' });
  });
});
