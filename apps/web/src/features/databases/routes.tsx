import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const projectPages: FamilyPages['projectPages'] = [
  { path: 'databases', element: lazyPage(() => import('./pages/DatabasesPage'), (m) => m.DatabasesPage) },
  { path: 'databases/:databaseId', element: lazyPage(() => import('./pages/DatabasePage'), (m) => m.DatabasePage) },
];
