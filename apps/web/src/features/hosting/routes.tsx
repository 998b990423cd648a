import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const projectPages: FamilyPages['projectPages'] = [{ path: 'hosting', element: lazyPage(() => import('./pages/HostingPage'), (m) => m.HostingPage) }];
