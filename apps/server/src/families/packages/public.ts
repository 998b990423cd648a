// What other families may use of packages: nothing else of this folder.
import { perDeps } from '../../platform/per-deps';
import type { DbOrTx } from '../../platform/db/types';
import { appsOf } from '../apps/public';
import { filesOf } from '../files/public';
import { PackagesService } from './service';
import { packagesRepo, type PackageRow } from './repo';

export { packageOut } from './service';
export type { PackageRow } from './repo';

/** The packages service as the console's calls use it: add (parsed in the background), get, list. */
export const packagesOf = perDeps((deps) => new PackagesService(deps, appsOf(deps), filesOf(deps)));

/** Answer it to keep a package from being deleted while your family uses it. */
export { PACKAGE_USERS, type PackageUser } from './points';

/** The app's package (its parse results, file and signature facts), or undefined. */
export const packageOfApp = (db: DbOrTx, appId: string, packageId: string): Promise<PackageRow | undefined> => packagesRepo.byId(db, appId, packageId);

/** The SHA-256 fingerprints (hex) of the certificates that signed the app's parsed packages. */
export const signingCertificates = (db: DbOrTx, appId: string): Promise<string[]> => packagesRepo.certificatesOfApp(db, appId);
