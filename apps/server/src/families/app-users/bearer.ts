import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { disabledUser } from './errors';
import { appUsersRepo, type AppUserRow } from './repo';
import type { AccessClaims, AccessTokens } from './tokens';

/** The app user of the request's `Authorization: Bearer` token, if they exist and are enabled. */
export async function bearerUser(db: DbOrTx, tokens: AccessTokens, caller: Caller, req: FastifyRequest): Promise<{ user: AppUserRow; claims: AccessClaims }> {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token) throw new AppError('appUserTokenInvalid');
  const claims = await tokens.verify(token, caller.projectId!);
  const user = await appUsersRepo.byId(db, caller.projectId!, claims.appUserId);
  if (!user) throw new AppError('appUserTokenInvalid');
  if (user.disabled) throw disabledUser();
  return { user, claims };
}
