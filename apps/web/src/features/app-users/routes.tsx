import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const projectPages: FamilyPages['projectPages'] = [{ path: 'app-users', element: lazyPage(() => import('./pages/AppUsersPage'), (m) => m.AppUsersPage) }];
