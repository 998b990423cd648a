// The qualifications family's face in the console: what the shell and other families use of it.
export { QualificationsPage, stateColor } from './pages/QualificationsPage';
export { useQualificationQueue, useSetQualificationStatus, type QueueState } from './hooks';
