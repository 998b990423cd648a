// The team family's face for the console's other families: what they may use of it.
export { usePermissions, useTeamId, useUserPermission, useRoles } from './hooks';
export { UsersPage } from './pages/UsersPage';
export { roleLabel } from './roles';
export { canAny, USERS_PAGE_PERMISSIONS } from './permissions';
