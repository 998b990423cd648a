import type { FamilyPages } from '../../ui/family-pages';
import { FunctionPage } from './pages/FunctionPage';
import { FunctionsPage } from './pages/FunctionsPage';

export const projectPages: FamilyPages['projectPages'] = [
  { path: 'cloud-functions', element: <FunctionsPage /> },
  { path: 'cloud-functions/:functionId', element: <FunctionPage /> },
];
