import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const appPages: FamilyPages['appPages'] = [
  { path: 'ab-testing', element: lazyPage(() => import('./pages/ExperimentsPage'), (m) => m.ExperimentsPage) },
  { path: 'ab-testing/new', element: lazyPage(() => import('./pages/ExperimentWizardPage'), (m) => m.ExperimentWizardPage) },
  { path: 'ab-testing/:experimentId', element: lazyPage(() => import('./pages/ExperimentPage'), (m) => m.ExperimentPage) },
  { path: 'ab-testing/:experimentId/edit', element: lazyPage(() => import('./pages/ExperimentWizardPage'), (m) => m.ExperimentWizardPage) },
];
