import type { FastifyRequest } from 'fastify';
import type { AppUser } from '@wharf/contract';
import type { Caller } from '../../../platform/http/access';
import type { ClientAuth } from '../client-auth';
import type { ClientEmail } from '../client-email';
import type { ClientPhone } from '../client-phone';
import type { OidcProviders } from '../oidc-providers';
import type { AuthTemplates } from '../templates';
import type { OidcSignIn } from '../oidc-sign-in';
import type { AppUsersService } from '../service';
import type { AccessTokens } from '../tokens';

/** The family's services, handed to every route file. */
export interface AppUsersServices {
  appUsers: AppUsersService;
  client: ClientAuth;
  email: ClientEmail;
  phone: ClientPhone;
  tokens: AccessTokens;
  oidcProviders: OidcProviders;
  oidcSignIn: OidcSignIn;
  templates: AuthTemplates;
  unlink: (caller: Caller, req: FastifyRequest, provider: string) => Promise<{ user: AppUser }>;
}
