import type { FamilyPages } from '../../ui/family-pages';
import { QuestionnairesPage } from './pages/QuestionnairesPage';

export const appPages: FamilyPages['appPages'] = [{ path: 'questionnaires', element: <QuestionnairesPage /> }];
