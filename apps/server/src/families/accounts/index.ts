import type { Family } from '../../platform/deps';
import { accountsOf } from './routes/context';
import { invitationRoutes } from './routes/invitations';
import { memberRoutes } from './routes/member';
import { operatorRoutes } from './routes/operators';
import { passwordResetRoutes } from './routes/password-reset';
import { teamRoutes } from './routes/teams';
import { accountsResolver } from './service/resolver';
import { consoleRoutes } from './routes/console';
import { publicRoutes } from './routes/public';

/** Accounts, sessions, teams, roles and operators; also the access check of every call. */
export const accountsFamily: Family = {
  name: 'accounts',
  accessResolver: (deps) => accountsResolver(deps, accountsOf(deps).cache),
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
    const s = accountsOf(deps);
    for (const route of [publicRoutes, passwordResetRoutes, invitationRoutes, memberRoutes, teamRoutes, operatorRoutes, consoleRoutes]) {
      route(app, s);
    }
  },
  async onStart(deps, print) {
    await accountsOf(deps).operators.bootstrap(print);
  },
};
