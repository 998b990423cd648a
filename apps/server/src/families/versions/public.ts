// What other families may use of versions: nothing else of this folder.
export { VersionsService } from './service';
export type { VersionEdit } from './edits';
export type { PhaseChange } from './phased';
export { countDownloadsAt, distributionCounted, flushDistributionCounts, type DistributionCount } from './distribution-counts';
export { phaseHistories, type PhaseHistory } from './phase-history';
export { reviewTasks } from './review-tasks';
export { adoptAgeRating, appCountries, countDownload, downloadCount, inStore, releasedVersion, versionNameOf } from './facts';
/** The platform as the actor of what nobody did by hand (scheduled releases, seeded reviews). */
export { SYSTEM } from './transitions';
export { APP_AGE, REVIEW_SUBJECTS, TESTER_OFFERS, type AppAge, type ReviewActor, type ReviewDecision, type ReviewSubject, type TestOffer, type TesterOffers } from './points';
export type { TaskRow, TaskState, TaskSubmission } from './review-tasks';
export type { Lang } from './present';
export { UNKNOWN_COUNTRY } from './distribution';
export { readInstallToken, type InstallClaim } from './install-tokens';
