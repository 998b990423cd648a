// The agreements family's face in the console: what the shell and other families use of it.
export { AgreementsPage } from './pages/AgreementsPage';
export { MissingAgreements } from './components/MissingAgreements';
export { useAgreementCheck } from './hooks';
export { PublishingReadiness } from './components/PublishingReadiness';
