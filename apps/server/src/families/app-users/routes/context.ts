import type { ClientAuth } from '../client-auth';
import type { ClientEmail } from '../client-email';
import type { ClientPhone } from '../client-phone';
import type { OidcProviders } from '../oidc-providers';
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
}
