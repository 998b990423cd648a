import type { FamilyPages } from '../../ui/family-pages';
import { AppUsersPage } from './pages/AppUsersPage';

export const projectPages: FamilyPages['projectPages'] = [{ path: 'app-users', element: <AppUsersPage /> }];
