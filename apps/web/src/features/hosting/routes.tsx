import type { FamilyPages } from '../../ui/family-pages';
import { HostingPage } from './pages/HostingPage';

export const projectPages: FamilyPages['projectPages'] = [{ path: 'hosting', element: <HostingPage /> }];
