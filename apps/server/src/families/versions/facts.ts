import type { DbOrTx } from '../../platform/db/types';
import { downloadsRepo } from './downloads-repo';
import { versionsRepo } from './repo';
import { appById } from '../apps/public';

// What other families need to know of an app's versions, without their rows.

/** Downloads of a version (or a test version) so far, all days and countries. */
export async function downloadCount(db: DbOrTx, versionId: string): Promise<number> {
  return (await downloadsRepo.downloads(db, versionId)).reduce((n, d) => n + d.count, 0);
}

/** One more download of a version (or a test version) today, in a country. */
export const countDownload = (db: DbOrTx, day: string, versionId: string, country: string): Promise<void> => downloadsRepo.countDownload(db, day, versionId, country);

/** The countries an app is offered in on shelf now, and those its version in preparation names. */
export async function appCountries(db: DbOrTx, appId: string): Promise<{ onShelf: string[]; preparing: string[] }> {
  return { onShelf: (await versionsRepo.current(db, appId))?.countries ?? [], preparing: (await versionsRepo.unreleased(db, appId))?.countries ?? [] };
}

/** The version's name as its package gave it, or null (none yet, or no such version). */
export async function versionNameOf(db: DbOrTx, versionId: string): Promise<string | null> {
  return (await versionsRepo.byIdAnyApp(db, versionId))?.versionName ?? null;
}

/** A released version of the app by its id or its version code, as a review names the installed one; null for none. */
export async function releasedVersion(db: DbOrTx, appId: string, by: { id: string } | { code: number }): Promise<{ id: string; versionName: string | null; versionCode: number | null } | null> {
  const row = 'id' in by ? await versionsRepo.byId(db, appId, by.id) : await versionsRepo.releasedByCode(db, appId, by.code);
  if (!row?.onShelfAt) return null;
  return { id: row.id, versionName: row.versionName, versionCode: row.versionCode };
}

/** Whether the app is in the store now: listed, with a version on shelf (what its store page needs). */
export async function inStore(db: DbOrTx, appId: string): Promise<boolean> {
  const current = await versionsRepo.current(db, appId);
  return current !== undefined && (await appById(db, current.teamId, appId))?.listed === true;
}

/** The app's declared age becomes that of its versions still being edited (the age-rating family's change took effect). */
export const adoptAgeRating = (db: DbOrTx, appId: string, age: string): Promise<void> => versionsRepo.setEditableAge(db, appId, age);
