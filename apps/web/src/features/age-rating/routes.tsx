import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const appPages: FamilyPages['appPages'] = [{ path: 'age-rating', element: lazyPage(() => import('./pages/AgeRatingPage'), (m) => m.AgeRatingPage) }];
