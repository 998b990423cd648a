import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const appPages: FamilyPages['appPages'] = [{ path: 'ratings', element: lazyPage(() => import('./pages/RatingsPage'), (m) => m.RatingsPage) }];
