import type { FamilyPages } from '../../ui/family-pages';
import { ExperimentPage } from './pages/ExperimentPage';
import { ExperimentsPage } from './pages/ExperimentsPage';
import { ExperimentWizardPage } from './pages/ExperimentWizardPage';

export const appPages: FamilyPages['appPages'] = [
  { path: 'ab-testing', element: <ExperimentsPage /> },
  { path: 'ab-testing/new', element: <ExperimentWizardPage /> },
  { path: 'ab-testing/:experimentId', element: <ExperimentPage /> },
  { path: 'ab-testing/:experimentId/edit', element: <ExperimentWizardPage /> },
];
