import type { FamilyPages } from '../../ui/family-pages';
import { AppMessagingPage } from './pages/AppMessagingPage';

export const appPages: FamilyPages['appPages'] = [{ path: 'app-messaging', element: <AppMessagingPage /> }];
