import type { Family } from '../../platform/deps';
import { auditLogRoute } from './routes/audit-log';
import { accountsServices } from './routes/context';
import { createRoleRoute } from './routes/create-role';
import { createSubUserRoute } from './routes/create-sub-user';
import { deleteRoleRoute } from './routes/delete-role';
import { invitationRoutes } from './routes/invitations';
import { loginRoute } from './routes/login';
import { logoutRoute } from './routes/logout';
import { memberRoutes } from './routes/member';
import { membersRoleListRoute } from './routes/members';
import { operatorRoutes } from './routes/operators';
import { passwordResetRoutes } from './routes/password-reset';
import { refreshRoute } from './routes/refresh';
import { registerRoute } from './routes/register';
import { roleListRoute } from './routes/roles';
import { teamRoutes } from './routes/teams';
import { updateRoleRoute } from './routes/update-role';
import { userInfoRoute } from './routes/user-info';
import { userPermissionRoute } from './routes/user-permission';
import { accountsResolver } from './service/resolver';

/** Accounts, sessions, teams, roles and operators; also the access check of every call. */
export const accountsFamily: Family = {
  name: 'accounts',
  accessResolver: (deps) => accountsResolver(deps, accountsServices(deps).cache),
  services: [
    {
      id: 'users-permissions',
      serviceId: 'team.usersAndPermissions',
      menuId: 'users-permissions',
      categoryId: 7,
      names: { cn: '用户与访问', en: 'Users and permissions', ru: 'Пользователи и права' },
      route: '/team/users',
      scope: 'team',
    },
  ],
  register(app, deps) {
    const s = accountsServices(deps);
    for (const route of [
      registerRoute, loginRoute, refreshRoute, logoutRoute, passwordResetRoutes, userInfoRoute,
      userPermissionRoute, roleListRoute, createRoleRoute, updateRoleRoute, deleteRoleRoute,
      membersRoleListRoute, createSubUserRoute, invitationRoutes, memberRoutes, teamRoutes, operatorRoutes, auditLogRoute,
    ]) {
      route(app, s);
    }
  },
  async onStart(deps, print) {
    await accountsServices(deps).operators.bootstrap(print);
  },
};
