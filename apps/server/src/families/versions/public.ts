// What other families may use of versions: nothing else of this folder.
export { VersionsService } from './service';
export type { VersionEdit } from './edits';
export type { PhaseChange } from './phased';
export { countDownloadsAt, distributionCounted, flushDistributionCounts, type DistributionCount } from './distribution-counts';
export { phaseHistories, type PhaseHistory } from './phase-history';
