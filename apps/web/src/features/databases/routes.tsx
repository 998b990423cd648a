import type { FamilyPages } from '../../ui/family-pages';
import { DatabasePage } from './pages/DatabasePage';
import { DatabasesPage } from './pages/DatabasesPage';

export const projectPages: FamilyPages['projectPages'] = [
  { path: 'databases', element: <DatabasesPage /> },
  { path: 'databases/:databaseId', element: <DatabasePage /> },
];
