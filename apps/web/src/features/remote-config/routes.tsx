import type { FamilyPages } from '../../ui/family-pages';
import { RemoteConfigPage } from './pages/RemoteConfigPage';

export const appPages: FamilyPages['appPages'] = [{ path: 'remote-config', element: <RemoteConfigPage /> }];
