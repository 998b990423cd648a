import type { ClientAuth } from '../client-auth';
import type { ClientEmail } from '../client-email';
import type { OidcProviders } from '../oidc-providers';
import type { OidcSignIn } from '../oidc-sign-in';
import type { AppUsersService } from '../service';
import type { AccessTokens } from '../tokens';

/** The family's services, handed to every route file. */
export interface AppUsersServices {
  appUsers: AppUsersService;
  client: ClientAuth;
  email: ClientEmail;
  tokens: AccessTokens;
  oidcProviders: OidcProviders;
  oidcSignIn: OidcSignIn;
}
