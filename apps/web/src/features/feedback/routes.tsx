import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const appPages: FamilyPages['appPages'] = [{ path: 'feedback', element: lazyPage(() => import('./pages/FeedbackPage'), (m) => m.FeedbackPage) }];
