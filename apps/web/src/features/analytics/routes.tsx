import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const appPages: FamilyPages['appPages'] = [{ path: 'analytics', element: lazyPage(() => import('./pages/AnalyticsPage'), (m) => m.AnalyticsPage) }];
