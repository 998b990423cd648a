import type { FamilyPages } from '../../ui/family-pages';
import { FeedbackPage } from './pages/FeedbackPage';

export const appPages: FamilyPages['appPages'] = [{ path: 'feedback', element: <FeedbackPage /> }];
