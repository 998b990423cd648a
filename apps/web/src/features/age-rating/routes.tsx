import type { FamilyPages } from '../../ui/family-pages';
import { AgeRatingPage } from './pages/AgeRatingPage';

export const appPages: FamilyPages['appPages'] = [{ path: 'age-rating', element: <AgeRatingPage /> }];
