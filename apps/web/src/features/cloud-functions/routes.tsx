import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const projectPages: FamilyPages['projectPages'] = [
  { path: 'cloud-functions', element: lazyPage(() => import('./pages/FunctionsPage'), (m) => m.FunctionsPage) },
  { path: 'cloud-functions/:functionId', element: lazyPage(() => import('./pages/FunctionPage'), (m) => m.FunctionPage) },
];
