// The qualifications family's face in the console: what the shell and other families use of it.
export { QualificationsPage } from './pages/QualificationsPage';
export { useQualificationReviewTab } from './components/QualificationReviewTab';
