import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const appPages: FamilyPages['appPages'] = [{ path: 'remote-config', element: lazyPage(() => import('./pages/RemoteConfigPage'), (m) => m.RemoteConfigPage) }];
