import type { FamilyPages } from '../../ui/family-pages';
import { NavLabel } from './components/NavLabel';
import { AppLinksPage } from './pages/AppLinksPage';
import { LinkReportsPage } from './pages/LinkReportsPage';

export const projectPages: FamilyPages['projectPages'] = [{ path: 'app-links', element: <AppLinksPage /> }];

export const topPages: FamilyPages['topPages'] = [{ path: '/link-reports', element: <LinkReportsPage /> }];

export const menu: FamilyPages['menu'] = [{ key: '/link-reports', label: <NavLabel />, show: (v) => v.operatorRoles.includes('reviewer') || v.operatorRoles.includes('admin') }];
