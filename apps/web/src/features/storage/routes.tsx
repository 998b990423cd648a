import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const projectPages: FamilyPages['projectPages'] = [{ path: 'storage', element: lazyPage(() => import('./pages/StoragePage'), (m) => m.StoragePage) }];
