import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const projectPages: FamilyPages['projectPages'] = [
  { path: 'cloud-db', element: lazyPage(() => import('./pages/CloudDbPage'), (m) => m.CloudDbPage) },
  { path: 'cloud-db/types/new', element: lazyPage(() => import('./pages/ObjectTypePage'), (m) => m.ObjectTypePage) },
  { path: 'cloud-db/types/:objectTypeName', element: lazyPage(() => import('./pages/ObjectTypePage'), (m) => m.ObjectTypePage) },
];
