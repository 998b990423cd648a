import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const appPages: FamilyPages['appPages'] = [{ path: 'app-messaging', element: lazyPage(() => import('./pages/AppMessagingPage'), (m) => m.AppMessagingPage) }];
