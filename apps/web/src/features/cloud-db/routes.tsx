import type { FamilyPages } from '../../ui/family-pages';
import { CloudDbPage } from './pages/CloudDbPage';
import { ObjectTypePage } from './pages/ObjectTypePage';

export const projectPages: FamilyPages['projectPages'] = [
  { path: 'cloud-db', element: <CloudDbPage /> },
  { path: 'cloud-db/types/new', element: <ObjectTypePage /> },
  { path: 'cloud-db/types/:objectTypeName', element: <ObjectTypePage /> },
];
