import type { Family } from '../../platform/deps';
import { appUserCaller, sharedVerifiers } from './app-user-caller';
import { ClientAuth } from './client-auth';
import { ClientEmail } from './client-email';
import { ClientPhone } from './client-phone';
import { unlinkMethod } from './client-unlink';
import { OidcClients } from './oidc-clients';
import { OidcProviders } from './oidc-providers';
import { OidcSignIn } from './oidc-sign-in';
import { clientRoutes } from './routes/client';
import { consoleRoutes } from './routes/console';
import { oidcRoutes } from './routes/oidc';
import { phoneRoutes } from './routes/phone';
import type { AppUsersServices } from './routes/context';
import { AppUsersService } from './service';
import { AppUserSessions } from './sessions';
import { AuthTemplates } from './templates';

/** Auth Service: a project's app users, their sign-in methods, sessions and tokens. */
export const appUsersFamily: Family = {
  name: 'app-users',
  services: [
    {
      id: 'app-users',
      serviceId: 'project.appUsers',
      menuId: 'auth-service',
      categoryId: 11,
      names: { cn: '认证服务', en: 'Auth Service', ru: 'Аутентификация' },
      route: '/projects/:projectId/app-users',
      scope: 'project',
    },
  ],
  appUsers: appUserCaller,
  register(app, deps) {
    const { tokens, users } = sharedVerifiers(deps);
    const sessions = new AppUserSessions(deps, tokens);
    const templates = new AuthTemplates(deps);
    const email = new ClientEmail(deps, sessions, tokens, users, templates);
    const oidcSignIn = new OidcSignIn(deps, new OidcClients(deps), sessions, tokens, users);
    const s: AppUsersServices = {
      appUsers: new AppUsersService(deps, users),
      client: new ClientAuth(deps, sessions, tokens, email, users),
      email,
      phone: new ClientPhone(deps, sessions, tokens, users, templates),
      templates,
      tokens,
      oidcProviders: new OidcProviders(deps),
      oidcSignIn,
      unlink: (caller, req, provider) => unlinkMethod(deps, tokens, users, caller, req, provider),
    };
    consoleRoutes(app, s);
    clientRoutes(app, s);
    oidcRoutes(app, s);
    phoneRoutes(app, s);
  },
};
