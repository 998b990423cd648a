// What other families may use of versions: nothing else of this folder.
export { VersionsService } from './service';
export type { VersionEdit } from './edits';
export type { PhaseChange } from './phased';
