import type { FamilyPages } from '../../ui/family-pages';
import { RatingsPage } from './pages/RatingsPage';

export const appPages: FamilyPages['appPages'] = [{ path: 'ratings', element: <RatingsPage /> }];
