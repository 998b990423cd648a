import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fileApi, packageApi, PARSE_STATE, teamApi } from '@wharf/contract';
import { answerCalls, callsTo, permissionsOf } from '../../../test/fixtures';
import { appShellHandlers, APP_ID, OBJECT_ID, pkg, PKG_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// Package management with the real providers, router, upload field and tables; the
// request layer is replaced at its module boundary. (The multipart upload itself is tested
// against the real server in src/upload.)

const OK = { code: 0, msg: 'success' };
const UPLOAD_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const REFUSED_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
type Handler = (o: { params?: unknown; body?: unknown; query?: unknown; onUploadProgress?: (sent: number, total?: number) => void }) => unknown;

const REFUSED = pkg({
  pkgId: REFUSED_ID,
  fileName: 'tipsy-release.aab',
  kind: 'aab',
  packageName: 'com.dhruv.tipsy',
  parseState: PARSE_STATE.failed,
  failureCode: 992,
  failureReason: "The package name com.dhruv.tipsy does not match the app's com.example.fieldnotes",
  createdAt: '2026-03-09T10:00:00.000Z',
});

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...appShellHandlers({ packages: [REFUSED, pkg()] }),
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

describe('Package management', () => {
  it('lists packages with their check result, the reason of a refusal in words, and the parsed facts', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', `#/apps/${APP_ID}/packages`);
    expect(await screen.findByText('Package management', { selector: 'h2' })).toBeTruthy();
    const refused = (await screen.findByText('tipsy-release.aab')).closest('tr')!;
    expect(within(refused).getByText('Failed')).toBeTruthy();
    const good = screen.getByText('fieldnotes-release.apk').closest('tr')!;
    expect(within(good).getByText('Passed')).toBeTruthy();
    expect(within(good).getByText('1.4.2 (1042)')).toBeTruthy();
    expect(within(good).getByText('3.14 MB')).toBeTruthy();
    // The newest package is open: the reason in the console's words, the server's details.
    expect(screen.getByText("The package name in the package does not match the app's package name (code 992)")).toBeTruthy();
    expect(screen.getByText("Details: The package name com.dhruv.tipsy does not match the app's com.example.fieldnotes")).toBeTruthy();
    expect(screen.getByText('A package that failed is removed automatically a week later; you can also delete it now.')).toBeTruthy();

    fireEvent.click(within(good).getByRole('button', { name: /expand/i }));
    const table = await waitFor(() => {
      const next = good.nextElementSibling as HTMLElement | null;
      if (!next?.classList.contains('ant-table-expanded-row')) throw new Error('not expanded');
      return next;
    });
    expect(within(table).getByText('68:0D:BB:C3:9A:B0:94:47:96:C8:11:B6:36:AC:E5:10:C8:E5:51:31:70:87:03:6C:EB:AB:07:51:B0:A6:19:0C')).toBeTruthy();
    expect(within(table).getByText('Permissions (2)')).toBeTruthy();
    expect(within(table).getByText('android.permission.CAMERA')).toBeTruthy();
    expect(within(table).getByText('24')).toBeTruthy();
    expect(within(table).getByText('35')).toBeTruthy();
  });

  it('explains refusals in Russian', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('ru', `#/apps/${APP_ID}/packages`);
    expect(await screen.findByText('Имя пакета в файле не совпадает с именем пакета приложения (код 992)')).toBeTruthy();
    expect(screen.getAllByText('Не пройдена').length).toBe(1);
    expect(screen.getByText('09.03.2026')).toBeTruthy();
  });

  it('uploads a dropped file in parts with progress, adds it to the app, and follows the check until it is done', async () => {
    let parsed = false;
    let progressCalls = 0;
    answerCalls(
      callEndpoint,
      handlers({
        [packageApi.packageList.id]: () => ({ ret: OK, items: parsed ? [pkg()] : [], nextCursor: null }),
        [fileApi.multipartInit.id]: () => ({ ret: OK, uploadId: UPLOAD_ID, partSize: 8 * 1024 * 1024, partCount: 1 }),
        [fileApi.multipartPart.id]: ({ onUploadProgress }) => {
          onUploadProgress?.(150_000, 300_000);
          progressCalls += 1;
          return { ret: OK, partNumber: 1, size: 300_000, sha256: 'ab'.repeat(32) };
        },
        [fileApi.multipartCompose.id]: () => ({
          ret: OK,
          object: { objectId: OBJECT_ID, bizTag: 'apk', fileName: 'fieldnotes-release.apk', contentType: 'application/vnd.android.package-archive', size: 300_000, sha256: 'ab'.repeat(32), createdAt: '2026-03-08T10:00:00.000Z' },
        }),
        [packageApi.addPackage.id]: () => ({ ret: OK, package: pkg({ parseState: PARSE_STATE.parsing, packageName: null, versionCode: null }) }),
        [packageApi.packageState.id]: () => {
          const calls = callsTo(callEndpoint, packageApi.packageState).length;
          if (calls >= 2) parsed = true;
          return { ret: OK, parseState: parsed ? PARSE_STATE.parsed : PARSE_STATE.parsing, failureCode: null, failureReason: null };
        },
        [packageApi.packageProcessTask.id]: () => ({ ret: OK, items: [] }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/packages`);
    expect(await screen.findByText("No packages yet. Drop your first package above: its package name must match the app's.")).toBeTruthy();
    expect(screen.getByText('Android packages: .apk, .aab, .obb, up to 4 GB. Large files are sent in parts and resume after a dropped connection.')).toBeTruthy();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.apk,.aab,.obb');
    const file = new File([new Uint8Array(300_000)], 'fieldnotes-release.apk', { type: 'application/vnd.android.package-archive' });
    fireEvent.change(input, { target: { files: [file] } });

    expect(await screen.findByText('Uploaded. The package is being checked; the result appears below.')).toBeTruthy();
    expect(screen.getByText('292.97 KB of 292.97 KB')).toBeTruthy();
    expect(progressCalls).toBe(1);
    expect(callsTo(callEndpoint, fileApi.multipartInit)[0]?.body).toEqual({ fileName: 'fieldnotes-release.apk', contentType: 'application/vnd.android.package-archive', bizTag: 'apk', size: 300_000 });
    expect(callsTo(callEndpoint, packageApi.addPackage)[0]?.body).toEqual({ appId: APP_ID, objectId: OBJECT_ID });

    // Asked again until the check is done; then the list shows the parsed package.
    const row = (await screen.findByText('fieldnotes-release.apk', { selector: 'tr strong' })).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Passed')).toBeTruthy());
    expect(callsTo(callEndpoint, packageApi.packageState)[0]?.query).toEqual({ appId: APP_ID, pkgId: PKG_ID });
    expect(await screen.findByText('Signing certificate SHA-256')).toBeTruthy();
  });

  it('follows packages still being checked when the page opens (process tasks), then shows the result', async () => {
    let done = false;
    answerCalls(
      callEndpoint,
      handlers({
        [packageApi.packageList.id]: () => ({ ret: OK, items: [done ? pkg() : pkg({ parseState: PARSE_STATE.parsing, packageName: null })], nextCursor: null }),
        [packageApi.packageProcessTask.id]: () => {
          done = callsTo(callEndpoint, packageApi.packageProcessTask).length >= 2;
          return { ret: OK, items: done ? [] : [{ pkgId: PKG_ID, fileName: 'fieldnotes-release.apk', parseState: PARSE_STATE.parsing, createdAt: '2026-03-08T10:00:00.000Z' }] };
        },
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/packages`);
    const row = (await screen.findByText('fieldnotes-release.apk', { selector: 'tr strong' })).closest('tr')!;
    expect(within(row).getByText('Checking…')).toBeTruthy();
    expect(screen.getByText('The package is being read and checked. This takes a few seconds.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByText('fieldnotes-release.apk', { selector: 'tr strong' }).closest('tr')!).getByText('Passed')).toBeTruthy());
    expect(callsTo(callEndpoint, packageApi.packageProcessTask)[0]?.query).toEqual({ appId: APP_ID });
  });

  it('deletes a package after confirmation', async () => {
    answerCalls(callEndpoint, handlers({ [packageApi.deletePackage.id]: () => ({ ret: OK }) }));
    renderApp('en', `#/apps/${APP_ID}/packages`);
    fireEvent.click(await screen.findByLabelText('Delete tipsy-release.aab'));
    expect(screen.getByText('A package that a version uses cannot be deleted.')).toBeTruthy();
    const confirm = screen.getByText('Delete tipsy-release.aab?').closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('tipsy-release.aab was deleted.')).toBeTruthy();
    expect(callsTo(callEndpoint, packageApi.deletePackage)[0]?.query).toEqual({ appId: APP_ID, pkgId: REFUSED_ID });
  });

  it('offers no upload to roles without package management', async () => {
    answerCalls(callEndpoint, handlers({ [teamApi.userPermission.id]: () => permissionsOf('customerService') }));
    renderApp('en', `#/apps/${APP_ID}/packages`);
    expect(await screen.findByText('tipsy-release.aab')).toBeTruthy();
    expect(document.querySelector('input[type=file]')).toBeNull();
    expect(screen.queryByLabelText('Delete tipsy-release.aab')).toBeNull();
  });
});
