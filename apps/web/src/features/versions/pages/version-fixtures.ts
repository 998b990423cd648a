import { screen } from '@testing-library/react';
import { UNRELEASED_STATES } from '@wharf/rules';
import { agreementApi, versionApi, type Version } from '@wharf/contract';
import { appShellHandlers, app, APP_ID, PKG_ID } from '../../../test/publishing';
import { USER_ID } from '../../../test/session';

/** The version page's server, answered call by call: a draft, the version on shelf, their listings. */

export const OK = { code: 0, msg: 'success' };
export const VERSION_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
export const LIVE_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
export type Handler = (o: { params?: unknown; body?: unknown; query?: unknown }) => unknown;

type Listing = Version['listings'][number];

/** Object ids of uploaded images. */
export const objectId = (n: number) => `f0f0f0f0-f0f0-4f0f-8f0f-${String(n).padStart(12, '0')}`;

/** Buttons by their text (role queries with names cost seconds on a page this size in jsdom). */
export function queryButton(text: string): HTMLButtonElement | null {
  return (screen.queryAllByText(text, { selector: 'button span' })[0]?.closest('button') as HTMLButtonElement | undefined) ?? null;
}

export function button(text: string): HTMLButtonElement {
  const found = queryButton(text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

/** The file input of an upload button. */
export function fileInput(testId: string): HTMLInputElement {
  return screen.getByTestId(testId).closest('.ant-upload')!.querySelector('input[type=file]') as HTMLInputElement;
}

export function listing(over: Partial<Listing> & { language: string }): Listing {
  return { name: '', brief: '', description: '', newFeatures: '', iconObjectId: null, screenshotObjectIds: [], videoObjectIds: [], updatedAt: '2026-03-09T10:00:00.000Z', ...over } as Listing;
}

export function version(over: Partial<Version> = {}): Version {
  return {
    versionId: VERSION_ID,
    appId: APP_ID,
    releaseState: 7,
    stateName: 'draft',
    releaseType: 'full',
    pkgId: PKG_ID,
    noPackage: false,
    expansionFiles: [],
    versionCode: 1042,
    versionName: '1.4.2',
    countries: ['DE', 'FR'],
    releaseAt: null,
    reviewNotes: null,
    testAccount: null,
    ageRating: null,
    listings: [listing({ language: 'enUS', name: 'Field Notes' })],
    rollbackPending: false,
    superseded: false,
    allowedActions: [],
    rejection: null,
    submittedAt: null,
    urgedAt: null,
    onShelfAt: null,
    createdAt: '2026-03-09T10:00:00.000Z',
    updatedAt: '2026-03-09T10:00:00.000Z',
    ...over,
  };
}

export const INCOMPLETE = {
  complete: false,
  missing: [
    { field: 'brief', language: 'enUS' },
    { field: 'description', language: 'enUS' },
  ],
  versionCodeWarning: false,
};
export const COMPLETE = { complete: true, missing: [], versionCodeWarning: false };

export function handlers(v: Version | null, over: Record<string, Handler> = {}, live: Version | null = null): Record<string, Handler> {
  return {
    ...appShellHandlers({ app: app({ everOnShelf: live !== null }) }),
    [versionApi.versionList.id]: () => ({ ret: OK, items: [v, live].filter(Boolean), nextCursor: null }),
    [versionApi.lastOnShelf.id]: () => ({ ret: OK, version: live }),
    [versionApi.preparingVersion.id]: () => ({ ret: OK, version: v && !v.superseded && (UNRELEASED_STATES as readonly number[]).includes(v.releaseState) ? v : null, completeness: null }),
    [versionApi.getVersion.id]: () => ({ ret: OK, version: v, completeness: INCOMPLETE }),
    [agreementApi.agreementCheck.id]: () => ({ ret: OK, signed: true, missing: [], canSign: true }),
    [versionApi.distributionApp.id]: () => ({
      ret: OK,
      appId: APP_ID,
      listed: live !== null,
      everOnShelf: live !== null,
      onShelf: live ? { versionId: live.versionId, versionCode: live.versionCode, versionName: live.versionName, onShelfAt: '2026-03-01T10:00:00.000Z', noPackage: false, releaseType: live.releaseType, phase: live.releaseType === 'phased' ? { state: 'active', percent: 12.5 } : null, rollbackPending: false } : null,
      preparing: null,
      downloads: { from: '2026-02-08', to: '2026-03-09', total: live ? 12_345 : 0 },
    }),
    [versionApi.historyVersion.id]: () => ({
      ret: OK,
      version: v,
      events: [{ action: 'create', fromState: null, toState: 7, actorKind: 'user', actorId: USER_ID, actorName: 'Ada Admin', at: '2026-03-09T10:00:00.000Z', data: {} }],
    }),
    ...over,
  };
}

