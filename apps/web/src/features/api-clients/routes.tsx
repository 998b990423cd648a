import type { FamilyPages } from '../../ui/family-pages';
import { ApiKeysLabel, ApiKeysTab } from './components/ApiKeysTab';

export const usersTabs: FamilyPages['usersTabs'] = [{ key: 'api-keys', label: <ApiKeysLabel />, permission: 'team.members.manage', element: <ApiKeysTab /> }];
