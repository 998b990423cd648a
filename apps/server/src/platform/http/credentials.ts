import type { Deps, Family } from '../deps';
import { AppError } from './errors';
import { refuseCredentials, type AppUserResolver, type CredentialResolver } from './access';

type CredentialKind = 'app-client' | 'api-client';

/** Without the family that issues app users' tokens, nobody is signed in: a token cannot be checked. */
const noAppUsers: AppUserResolver = async (req) => {
  if (req.headers.authorization) throw new AppError('appUserTokenInvalid');
  return null;
};

/**
 * One resolver per credential level, from the one family that issues each. An app-client
 * call that names an app-user requirement also has the user's token checked, by the one
 * family that issues those, once the app's key has been.
 */
export function credentialResolvers(families: readonly Family[], deps: Deps): Record<CredentialKind, CredentialResolver> {
  const onlyOne = (givers: Family[], what: string): Family | undefined => {
    if (givers.length > 1) throw new Error(`${givers.map((f) => f.name).join(' and ')} both check ${what}`);
    return givers[0];
  };
  const pick = (kind: CredentialKind): CredentialResolver =>
    onlyOne(families.filter((f) => f.credentials?.[kind]), `${kind} credentials`)?.credentials?.[kind]?.(deps) ?? refuseCredentials(kind);
  const appKey = pick('app-client');
  const appUser = onlyOne(families.filter((f) => f.appUsers), "app users' tokens")?.appUsers?.(deps) ?? noAppUsers;
  return {
    'app-client': async (req, requirement) => {
      const caller = await appKey(req, null);
      if (requirement !== 'user' && requirement !== 'optional-user') return caller;
      const user = await appUser(req, caller);
      if (!user) {
        if (requirement === 'user') throw new AppError('appUserTokenInvalid');
        return caller;
      }
      return { ...caller, appUserId: user.appUserId, appUserAnonymous: user.anonymous };
    },
    'api-client': pick('api-client'),
  };
}
