import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';
import { NavLabel } from './components/NavLabel';

export const projectPages: FamilyPages['projectPages'] = [{ path: 'app-links', element: lazyPage(() => import('./pages/AppLinksPage'), (m) => m.AppLinksPage) }];

export const topPages: FamilyPages['topPages'] = [{ path: '/link-reports', element: lazyPage(() => import('./pages/LinkReportsPage'), (m) => m.LinkReportsPage) }];

export const menu: FamilyPages['menu'] = [{ key: '/link-reports', label: <NavLabel />, show: (v) => v.operatorRoles.includes('reviewer') || v.operatorRoles.includes('admin') }];
