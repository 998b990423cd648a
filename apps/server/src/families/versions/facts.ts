import type { DbOrTx } from '../../platform/db/types';
import { downloadsRepo } from './downloads-repo';
import { versionsRepo } from './repo';

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
