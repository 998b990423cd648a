// What other families may use of packages: nothing else of this folder.
import type { Deps } from '../../platform/deps';
import { AppsService } from '../apps/public';
import { FilesService } from '../files/public';
import { PackagesService } from './service';

export { packageOut } from './service';
export type { PackageRow } from './repo';

/** The packages service as the console's calls use it: add (parsed in the background), get, list. */
export const packagesFor = (deps: Deps) => new PackagesService(deps, new AppsService(deps), new FilesService(deps));
