import type { FamilyPages } from '../../ui/family-pages';
import { AnalyticsPage } from './pages/AnalyticsPage';

export const appPages: FamilyPages['appPages'] = [{ path: 'analytics', element: <AnalyticsPage /> }];
