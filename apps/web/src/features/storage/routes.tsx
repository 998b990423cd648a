import type { FamilyPages } from '../../ui/family-pages';
import { StoragePage } from './pages/StoragePage';

export const projectPages: FamilyPages['projectPages'] = [{ path: 'storage', element: <StoragePage /> }];
