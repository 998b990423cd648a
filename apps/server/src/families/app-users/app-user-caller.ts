import type { Deps } from '../../platform/deps';
import { perDeps } from '../../platform/per-deps';
import type { AppUserResolver } from '../../platform/http/access';
import { bearerUser } from './bearer';
import { AccessTokens } from './tokens';
import { AppUserCache } from './user-cache';

/**
 * One verifier and one user cache per server: the routes of this family and the check of
 * other families' `app-client:user` calls share what each has verified and read.
 */
export const sharedVerifiers = perDeps((deps) => ({ tokens: new AccessTokens(deps), users: new AppUserCache(deps) }));

/** The app user of another family's call: a token of the key's project, of an enabled user. */
export function appUserCaller(deps: Deps): AppUserResolver {
  const { tokens, users } = sharedVerifiers(deps);
  return async (req, caller) => {
    if (!req.headers.authorization) return null;
    const { user } = await bearerUser(deps.db, tokens, caller, req, users);
    return { appUserId: user.id, anonymous: user.anonymous };
  };
}
