import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { agreementApi, AGREEMENTS, appApi, fileApi, packageApi, versionApi, type Version } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { app, APP_ID, pkg, PKG_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { OK, VERSION_ID, LIVE_ID, objectId, queryButton, button, fileInput, listing, version, INCOMPLETE, COMPLETE, handlers } from './version-fixtures';
import { callEndpoint } from '../../../test/call-mock';
import { ApiError } from '../../../request/errors';

// The version page with the real providers, router and antd; the request layer is
// replaced at its module boundary.

beforeEach(() => {
  setSessionCookies({ siteId: 8 });
});

afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
});

describe('Version information', () => {
  it('shows a draft with its package, listing completeness per language, and what the server says is missing before submitting', async () => {
    answerCalls(callEndpoint, handlers(version()));
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('Version information', { selector: 'h2' })).toBeTruthy();
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(screen.getByText('Version 1.4.2 (1042)')).toBeTruthy();
    // The version being prepared is asked of the server, not searched for in the list.
    expect(callsTo(callEndpoint, versionApi.preparingVersion)[0]?.query).toEqual({ appId: APP_ID });
    // The listing: a tab per language with its completeness, counters of the limits.
    expect(screen.getByText('1 of 5 filled')).toBeTruthy();
    expect((screen.getByLabelText('App name') as HTMLInputElement).value).toBe('Field Notes');
    expect(screen.getByText('11 / 64')).toBeTruthy();
    expect(screen.getByText('0 / 80')).toBeTruthy();
    expect(screen.getByText('Countries and regions chosen: 2')).toBeTruthy();
    // At a glance: not in the store yet, nothing downloaded.
    const glance = screen.getByTestId('distribution-glance');
    expect(within(glance).getByText('Not in the store')).toBeTruthy();
    expect(within(glance).getByText('Downloads in the last 30 days: 0')).toBeTruthy();
    // History: who did what when.
    expect(await screen.findByText('Version created')).toBeTruthy();
    expect(screen.getByText(/2026-03-09 \d\d:00 · Ada Admin/)).toBeTruthy();

    fireEvent.click(button('Submit for review'));
    const dialog = (await screen.findByText('Missing before the version can be submitted (2):')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('One-sentence brief in English (United States)')).toBeTruthy();
    expect(within(dialog).getByText('Introduction in English (United States)')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(callEndpoint, versionApi.submitVersion)).toHaveLength(0);
    // Only the buttons the draft state allows.
    expect(button('Delete version')).toBeTruthy();
    expect(queryButton('Cancel review')).toBeNull();
    expect(queryButton('Request removal')).toBeNull();
  });

  it('saves the listing and its images in a second language, then submits a complete version', async () => {
    const media = { iconObjectId: objectId(0), screenshotObjectIds: [objectId(1), objectId(2), objectId(3)] };
    let saved = version({ listings: [listing({ language: 'enUS', name: 'Field Notes', ...media })] });
    let uploads = 10;
    answerCalls(
      callEndpoint,
      handlers(saved, {
        [versionApi.getVersion.id]: () => ({ ret: OK, version: saved, completeness: saved.listings.length > 1 ? COMPLETE : INCOMPLETE }),
        [versionApi.updateVersion.id]: ({ body }) => {
          const b = body as { listings: Array<{ language: string; name: string; brief: string; description: string; newFeatures: string }> };
          saved = version({ listings: b.listings.map((l) => listing({ ...l, updatedAt: '2026-03-09T11:00:00.000Z' })), updatedAt: '2026-03-09T11:00:00.000Z' });
          return { ret: OK, version: saved, completeness: COMPLETE };
        },
        [versionApi.submitVersion.id]: () => ({ ret: OK, version: version({ releaseState: 4 }) }),
        [fileApi.uploadObject.id]: ({ query }) => ({
          ret: OK,
          object: { objectId: objectId(uploads++), bizTag: 'img', fileName: (query as { fileName: string }).fileName, contentType: 'image/png', size: 100, sha256: 'ab'.repeat(32), createdAt: '2026-03-09T10:00:00.000Z', ...((query as { fileName: string }).fileName === 'icon.png' ? { width: 216, height: 216 } : { width: 450, height: 800 }) },
        }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    fireEvent.change(await screen.findByLabelText('One-sentence brief'), { target: { value: 'Notes in the field' } });
    fireEvent.change(screen.getByLabelText('Introduction'), { target: { value: 'Write notes anywhere.' } });
    expect(await screen.findByText('complete')).toBeTruthy();
    // A second language from the catalogue.
    const picker = screen.getByLabelText('Add a language');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'Russian' } });
    fireEvent.click(await screen.findByText('Russian (Russia)', { selector: '.ant-select-item-option-content' }));
    // A new language starts with the app's name, the rest to fill.
    expect(await screen.findByText('1 of 5 filled')).toBeTruthy();
    expect((screen.getAllByLabelText('App name').at(-1) as HTMLInputElement).value).toBe('Field Notes'); // the app's name
    expect(screen.getByText('Screenshots: 0 (from 3 to 5)')).toBeTruthy();
    const png = (name: string) => new File([new Uint8Array(100)], name, { type: 'image/png' });
    fireEvent.change(fileInput('icon-upload-ruRU'), { target: { files: [png('icon.png')] } });
    fireEvent.change(fileInput('screenshot-upload-ruRU'), { target: { files: [png('1.png'), png('2.png'), png('3.png')] } });
    expect(await screen.findByText('Screenshots: 3 (from 3 to 5)')).toBeTruthy();
    expect(callsTo(callEndpoint, fileApi.uploadObject).map((c) => c.query)).toContainEqual({ fileName: 'icon.png', contentType: 'image/png', bizTag: 'img' });
    fireEvent.change(screen.getAllByLabelText('App name').at(-1)!, { target: { value: 'Полевые заметки' } });
    fireEvent.change(screen.getAllByLabelText('One-sentence brief').at(-1)!, { target: { value: 'Заметки в поле' } });
    fireEvent.change(screen.getAllByLabelText('Introduction').at(-1)!, { target: { value: 'Пишите заметки где угодно.' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    fireEvent.click(button('Submit for review'));
    const dialog = (await screen.findByText('Submit version 1.4.2 (versionCode 1,042) for review?')).closest('.ant-modal') as HTMLElement;
    expect(callsTo(callEndpoint, versionApi.updateVersion)[0]?.body).toMatchObject({
      appId: APP_ID,
      versionId: VERSION_ID,
      pkgId: PKG_ID,
      countries: ['DE', 'FR'],
      releaseType: 'full',
      releaseAt: null,
      listings: [
        { language: 'enUS', name: 'Field Notes', brief: 'Notes in the field', description: 'Write notes anywhere.', newFeatures: '', ...media },
        { language: 'ruRU', name: 'Полевые заметки', brief: 'Заметки в поле', description: 'Пишите заметки где угодно.', newFeatures: '', iconObjectId: objectId(10), screenshotObjectIds: [objectId(11), objectId(12), objectId(13)] },
      ],
    });
    expect(within(dialog).getByText('It goes on shelf as soon as it is approved.')).toBeTruthy();
    // Enabled once the server says the team's agreements are signed.
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submitted. The reviewers\' result will show here.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.submitVersion)[0]?.body).toEqual({ appId: APP_ID, versionId: VERSION_ID });
  });

  it('a team that has not signed the distribution agreement signs it from the submit dialog, then submits', async () => {
    const unsigned = { agreementId: 'distribution', version: AGREEMENTS.distribution.version, requiredFor: ['release'], signed: false, signedVersion: null, signedAt: null, signedByName: null };
    let signed = false;
    answerCalls(
      callEndpoint,
      handlers(version(), {
        [versionApi.getVersion.id]: () => ({ ret: OK, version: version(), completeness: COMPLETE }),
        [agreementApi.agreementCheck.id]: () => ({ ret: OK, signed, missing: signed ? [] : [unsigned], canSign: true }),
        [agreementApi.signAgreement.id]: () => {
          signed = true;
          return { ret: OK, agreement: { ...unsigned, signed: true, signedVersion: unsigned.version, signedAt: '2026-03-09T12:00:00.000Z', signedByName: 'Ada Admin' } };
        },
        [versionApi.submitVersion.id]: () => ({ ret: OK, version: version({ releaseState: 4 }) }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    fireEvent.click(await waitFor(() => button('Submit for review')));
    const dialog = (await screen.findByText('Your team has not signed what submitting needs (1):')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('Wharf Distribution Service Agreement')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('Read and sign').closest('button')!);
    const signDialog = (await screen.findByText('I have read the agreement and accept it on behalf of my team')).closest('.ant-modal') as HTMLElement;
    expect(within(signDialog).getByText(/reviewers may approve, reject or take off shelf/)).toBeTruthy();
    const signButton = within(signDialog).getByText('Sign for the team').closest('button')!;
    // Nothing is signed before the box is ticked.
    expect(signButton.disabled).toBe(true);
    fireEvent.click(within(signDialog).getByRole('checkbox'));
    fireEvent.click(signButton);
    expect(await screen.findByText('Signed: Wharf Distribution Service Agreement')).toBeTruthy();
    expect(callsTo(callEndpoint, agreementApi.signAgreement)[0]?.body).toEqual({ agreementId: 'distribution', version: AGREEMENTS.distribution.version });
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false));
    expect(within(dialog).queryByText('Your team has not signed what submitting needs (1):')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submitted. The reviewers\' result will show here.')).toBeTruthy();
  });

  it('a member who may not sign is told whom to ask, with a link to the agreements page', async () => {
    const unsigned = { agreementId: 'distribution', version: AGREEMENTS.distribution.version, requiredFor: ['release'], signed: false, signedVersion: '2025-01', signedAt: '2025-02-01T08:00:00.000Z', signedByName: 'Old Legal' };
    answerCalls(
      callEndpoint,
      handlers(version(), {
        [versionApi.getVersion.id]: () => ({ ret: OK, version: version(), completeness: COMPLETE }),
        [agreementApi.agreementCheck.id]: () => ({ ret: OK, signed: false, missing: [unsigned], canSign: false }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    fireEvent.click(await waitFor(() => button('Submit for review')));
    const dialog = (await screen.findByText('Your team has not signed what submitting needs (1):')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('(you signed version 2025-01; the text has changed)')).toBeTruthy();
    expect(within(dialog).queryByText('Read and sign')).toBeNull();
    expect(within(dialog).getByText('Agreements', { selector: 'a' }).getAttribute('href')).toBe('#/team/agreements');
  });

  it('an age rating is picked in the release settings, and its absence is named before submitting', async () => {
    let saved = version();
    answerCalls(
      callEndpoint,
      handlers(saved, {
        [versionApi.getVersion.id]: () => ({ ret: OK, version: saved, completeness: saved.ageRating ? COMPLETE : { complete: false, missing: [{ field: 'ageRating' }], versionCodeWarning: false } }),
        [versionApi.updateVersion.id]: ({ body }) => {
          saved = version({ ageRating: (body as { ageRating: Version['ageRating'] }).ageRating, updatedAt: '2026-03-09T11:00:00.000Z' });
          return { ret: OK, version: saved, completeness: COMPLETE };
        },
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    const select = await screen.findByLabelText('Age rating');
    expect(screen.getByText('Not set')).toBeTruthy();
    expect(screen.getByText("Needed before submitting; rate by what the app contains.")).toBeTruthy();
    fireEvent.click(button('Submit for review'));
    const dialog = (await screen.findByText('Missing before the version can be submitted (1):')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('Choose an age rating')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));

    fireEvent.mouseDown(select);
    for (const label of ['3+ (ages 3 and over)', '7+ (ages 7 and over)', '12+ (ages 12 and over)', '18+ (adults only)']) {
      expect(await screen.findByText(label, { selector: '.ant-select-item-option-content' })).toBeTruthy();
    }
    fireEvent.click(screen.getByText('16+ (ages 16 and over)', { selector: '.ant-select-item-option-content' }));
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(button('Save'));
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.updateVersion)).toHaveLength(1));
    expect(callsTo(callEndpoint, versionApi.updateVersion)[0]?.body).toMatchObject({ appId: APP_ID, versionId: VERSION_ID, ageRating: '16+' });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('an Android APK version gets its main expansion file, saved through the expansion call', async () => {
    const OBB_ID = 'b0b0b0b0-b0b0-4b0b-8b0b-b0b0b0b0b0b0';
    const obb = pkg({ pkgId: OBB_ID, kind: 'obb', fileName: 'main.1042.com.example.fieldnotes.obb', size: 52_428_800, versionName: null });
    answerCalls(
      callEndpoint,
      handlers(version(), {
        [packageApi.packageList.id]: () => ({ ret: OK, items: [pkg(), obb], nextCursor: null }),
        [versionApi.updateVersion.id]: () => ({ ret: OK, version: version(), completeness: INCOMPLETE }),
        [versionApi.packageObb.id]: () => ({ ret: OK, version: version(), completeness: INCOMPLETE }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('Expansion files (OBB)')).toBeTruthy();
    // The OBB is not offered as the app's package.
    fireEvent.mouseDown(screen.getByLabelText('Choose a package'));
    expect(screen.queryByText(/main\.1042\.com\.example\.fieldnotes\.obb · /, { selector: '.ant-select-item-option-content' })).toBeNull();
    const main = screen.getByLabelText('Main expansion file');
    fireEvent.mouseDown(main);
    fireEvent.click(await screen.findByText(/^main\.1042\.com\.example\.fieldnotes\.obb · 50/, { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button('Save'));
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.packageObb)).toHaveLength(1));
    expect(callsTo(callEndpoint, versionApi.packageObb)[0]?.body).toEqual({ appId: APP_ID, versionId: VERSION_ID, main: OBB_ID, patch: null });
    expect(callsTo(callEndpoint, versionApi.updateVersion)[0]?.body).toMatchObject({ pkgId: PKG_ID });
  });

  it('a PC installer is saved with the version code the developer gives it', async () => {
    const EXE_ID = 'e0e0e0e0-e0e0-4e0e-8e0e-e0e0e0e0e0e0';
    const exe = pkg({ pkgId: EXE_ID, kind: 'exe', fileName: 'FieldNotesSetup.exe', versionCode: null, versionName: '3.1.0', packageName: null });
    answerCalls(
      callEndpoint,
      handlers(version({ pkgId: null, versionCode: null, versionName: null }), {
        [appApi.getApp.id]: () => ({ ret: OK, app: app({ platform: 'pc' }) }),
        [packageApi.packageList.id]: () => ({ ret: OK, items: [exe], nextCursor: null }),
        [versionApi.updateVersion.id]: () => ({ ret: OK, version: version(), completeness: INCOMPLETE }),
        [versionApi.packageExe.id]: () => ({ ret: OK, version: version(), completeness: INCOMPLETE }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    const code = (await screen.findByLabelText('Version code')) as HTMLInputElement;
    expect(code.disabled).toBe(true);
    expect(screen.queryByText('Expansion files (OBB)')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('Choose a package'));
    fireEvent.click(await screen.findByText(/^FieldNotesSetup\.exe/, { selector: '.ant-select-item-option-content' }));
    fireEvent.change(code, { target: { value: '310' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.packageExe)).toHaveLength(1));
    expect(callsTo(callEndpoint, versionApi.packageExe)[0]?.body).toEqual({ appId: APP_ID, versionId: VERSION_ID, pkgId: EXE_ID, versionCode: 310 });
    // The plain edit does not carry the installer (it would be refused without its code).
    expect(callsTo(callEndpoint, versionApi.updateVersion)[0]?.body).not.toHaveProperty('pkgId');
  });

  it('a first release can go without a package: the picker gives way and the choice is saved', async () => {
    answerCalls(
      callEndpoint,
      handlers(version(), {
        [versionApi.updateVersion.id]: () => ({ ret: OK, version: version(), completeness: INCOMPLETE }),
        [versionApi.packageNone.id]: () => ({ ret: OK, version: version({ noPackage: true, pkgId: null }), completeness: INCOMPLETE }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    fireEvent.click(await screen.findByText('Release without a package (a pre-registration page before the first release)'));
    expect(screen.queryByLabelText('Choose a package')).toBeNull();
    expect(screen.getByText(/devices get nothing until a version with a package is released/)).toBeTruthy();
    fireEvent.click(button('Save'));
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.packageNone)).toHaveLength(1));
    expect(callsTo(callEndpoint, versionApi.packageNone)[0]?.body).toEqual({ appId: APP_ID, versionId: VERSION_ID, noPackage: true });
    expect(callsTo(callEndpoint, versionApi.updateVersion)[0]?.body).not.toHaveProperty('pkgId');
  });

  it('an app that has been on shelf is not offered a release without a package', async () => {
    answerCalls(callEndpoint, handlers(version(), {}, version({ versionId: LIVE_ID, releaseState: 0, versionCode: 1000 })));
    renderApp('en', `#/apps/${APP_ID}/version`);
    expect(await screen.findByLabelText('Choose a package')).toBeTruthy();
    expect(screen.queryByText('Release without a package (a pre-registration page before the first release)')).toBeNull();
  });

  it('says beside the image controls why an uploaded file was refused', async () => {
    const refusal = 'This file is not an image (PNG, JPEG or WebP)';
    answerCalls(
      callEndpoint,
      handlers(version({ listings: [listing({ language: 'enUS', name: 'Field Notes' })] }), {
        [fileApi.uploadObject.id]: () => {
          throw new ApiError(refusal, fileApi.uploadObject.id, 400, 100400, refusal);
        },
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    await screen.findByLabelText('One-sentence brief');
    fireEvent.change(fileInput('icon-upload-enUS'), { target: { files: [new File(['not an image'], 'icon.png', { type: 'image/png' })] } });
    expect((await screen.findByTestId('icon-error-enUS')).textContent).toBe(refusal);
  });

  it('refuses an icon or screenshot that breaks the store rules beside its control, and deletes the upload', async () => {
    answerCalls(
      callEndpoint,
      handlers(version({ listings: [listing({ language: 'enUS', name: 'Field Notes' })] }), {
        [fileApi.uploadObject.id]: ({ query }) => {
          const { fileName } = query as { fileName: string };
          const [width, height] = fileName === 'small.png' ? [64, 64] : [450, 1000];
          return { ret: OK, object: { objectId: objectId(fileName === 'small.png' ? 40 : 41), bizTag: 'img', fileName, contentType: 'image/png', size: 100, sha256: 'ab'.repeat(32), createdAt: '2026-03-09T10:00:00.000Z', width, height } };
        },
        [fileApi.deleteObjects.id]: ({ body }) => ({ ret: OK, deletedObjects: (body as { objectIds: string[] }).objectIds, errorObjects: [] }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    await screen.findByLabelText('One-sentence brief');
    // A JPEG icon is refused before a byte is sent.
    fireEvent.change(fileInput('icon-upload-enUS'), { target: { files: [new File([new Uint8Array(10)], 'photo.jpg', { type: 'image/jpeg' })] } });
    expect((await screen.findByTestId('icon-error-enUS')).textContent).toBe('photo.jpg: App icon must be a PNG image.');
    expect(callsTo(callEndpoint, fileApi.uploadObject)).toEqual([]);
    // A 64-pixel icon is uploaded, measured by the server, refused and deleted.
    fireEvent.change(fileInput('icon-upload-enUS'), { target: { files: [new File([new Uint8Array(10)], 'small.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('icon-error-enUS').textContent).toBe('small.png: App icon must be 216×216 or 1024×1024 pixels.'));
    await waitFor(() => expect(callsTo(callEndpoint, fileApi.deleteObjects).map((c) => c.body)).toEqual([{ objectIds: [objectId(40)] }]));
    fireEvent.change(fileInput('screenshot-upload-enUS'), { target: { files: [new File([new Uint8Array(10)], 'tall.png', { type: 'image/png' })] } });
    expect((await screen.findByTestId('screenshot-error-enUS')).textContent).toMatch(/^tall\.png: Screenshots must be 320 to 3840 pixels a side/);
    expect(screen.getByText('Screenshots: 0 (from 3 to 5)')).toBeTruthy();
  });

  it('shows the saved age rating in Russian', async () => {
    answerCalls(callEndpoint, handlers(version({ ageRating: '18+' })));
    renderApp('ru', `#/apps/${APP_ID}/version`);
    expect(await screen.findByText('Возрастной рейтинг')).toBeTruthy();
    expect(screen.getByText('18+ (только для взрослых)')).toBeTruthy();
  });

  it('works in embedded app mode, the app from the address', async () => {
    answerCalls(callEndpoint, handlers(version()));
    renderApp('en', `#/app/version?appId=${APP_ID}`);
    expect(await screen.findByText('Version information', { selector: 'h2' })).toBeTruthy();
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.versionList)[0]?.query).toEqual({ appId: APP_ID, pageSize: 20 });
  });
  it('an update in phases: the share, period and note are saved with the version', async () => {
    const live = version({ versionId: LIVE_ID, releaseState: 0, onShelfAt: '2026-03-12T09:00:00.000Z' });
    const draft = version({ versionCode: 1043, versionName: '1.4.3' });
    answerCalls(
      callEndpoint,
      handlers(draft, {
        [versionApi.historyVersion.id]: () => ({ ret: OK, version: draft, events: [] }),
        [versionApi.phasedReleaseHistory.id]: () => ({ ret: OK, phasedRelease: null, items: [] }),
        [versionApi.updateVersion.id]: () => ({ ret: OK, version: { ...draft, releaseType: 'phased' }, completeness: INCOMPLETE }),
        [versionApi.changePhasedRelease.id]: () => ({
          ret: OK,
          phasedRelease: { versionId: VERSION_ID, state: 'pending', percent: 12.5, startAt: '2026-03-20T09:00:00.000Z', endAt: '2026-04-20T09:00:00.000Z', description: 'An eighth', updatedAt: '2026-03-12T09:00:00.000Z' },
        }),
      }, live),
    );
    renderApp('en', `#/apps/${APP_ID}/version`);
    fireEvent.click(await screen.findByLabelText('Phased release'));
    // Share, period and note are marked required; a share out of range is refused in words, not changed.
    for (const label of ['Share of users', 'Period', 'Note']) expect(screen.getByText(label, { selector: 'label' }).className).toContain('required');
    fireEvent.change(await screen.findByLabelText('Share of users'), { target: { value: '150' } });
    expect(await screen.findByText('Enter a share from 0.01% to 99.99%.')).toBeTruthy();
    expect((screen.getByLabelText('Share of users') as HTMLInputElement).value).toMatch(/^150(\.00)?$/);
    fireEvent.change(await screen.findByLabelText('Share of users'), { target: { value: '12.5' } });
    await waitFor(() => expect(screen.queryByText('Enter a share from 0.01% to 99.99%.')).toBeNull());
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'An eighth' } });
    // Without a period the server is not asked.
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Fill in the phased release: share, period and note.')).toBeTruthy();
    expect(callsTo(callEndpoint, versionApi.updateVersion)).toHaveLength(0);
    const [start, end] = [...document.querySelectorAll('.ant-picker-range input')] as HTMLInputElement[];
    fireEvent.mouseDown(start!);
    fireEvent.focus(start!);
    fireEvent.change(start!, { target: { value: '2026-03-20 09:00' } });
    fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.focus(end!);
    fireEvent.change(end!, { target: { value: '2026-04-20 09:00' } });
    fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(callsTo(callEndpoint, versionApi.changePhasedRelease)).toHaveLength(1));
    expect(callsTo(callEndpoint, versionApi.updateVersion)[0]?.body).toMatchObject({ releaseType: 'phased' });
    expect(callsTo(callEndpoint, versionApi.changePhasedRelease)[0]?.body).toMatchObject({ appId: APP_ID, versionId: VERSION_ID, state: 'UPDATE', percent: 12.5, description: 'An eighth', startAt: expect.any(String), endAt: expect.any(String) });
  });
});
