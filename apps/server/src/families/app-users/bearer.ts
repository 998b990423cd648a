import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { disabledUser } from './errors';
import { appUsersRepo, type AppUserRow } from './repo';
import type { AccessClaims, AccessTokens } from './tokens';
import type { AppUserCache } from './user-cache';

/** The app user of the request's `Authorization: Bearer` token, if they exist and are enabled. */
/** With `cache`, the user's row may be one this instance read moments ago (reads only). */
export async function bearerUser(db: DbOrTx, tokens: AccessTokens, caller: Caller, req: FastifyRequest, cache?: AppUserCache): Promise<{ user: AppUserRow; claims: AccessClaims }> {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token) throw new AppError('appUserTokenInvalid');
  const claims = await tokens.verify(token, caller.projectId!);
  const user = cache ? await cache.get(db, caller.projectId!, claims.appUserId) : await appUsersRepo.byId(db, caller.projectId!, claims.appUserId);
  if (!user) throw new AppError('appUserTokenInvalid');
  if (user.disabled) throw disabledUser();
  return { user, claims };
}
