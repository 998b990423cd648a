import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';

export const appPages: FamilyPages['appPages'] = [{ path: 'questionnaires', element: lazyPage(() => import('./pages/QuestionnairesPage'), (m) => m.QuestionnairesPage) }];
