import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, notFound } from '../../platform/http/errors';
import { bearerUser } from './bearer';
import { oidcRepo } from './oidc-repo';
import { appUserOut } from './out';
import { appUsersRepo } from './repo';
import type { AccessTokens } from './tokens';
import type { AppUserCache } from './user-cache';

/**
 * Takes one way to sign in off the signed-in user: their email and password, their phone
 * number, or an identity provider. The last way stays, or the account could never be
 * signed in to again (an anonymous one has none to take).
 */
export async function unlinkMethod(deps: Pick<Deps, 'db' | 'clock'>, tokens: AccessTokens, users: AppUserCache, caller: Caller, req: FastifyRequest, provider: string) {
  const { db, clock } = deps;
  const { user } = await bearerUser(db, tokens, caller, req);
  const has = appUserOut(user).providers.filter((p) => p !== 'anonymous');
  if (!has.includes(provider)) throw notFound({ zh: `该用户没有“${provider}”登录方式`, en: `This user does not sign in with “${provider}”`, ru: `Этот пользователь не входит через «${provider}»` });
  if (has.length === 1) throw new AppError('conflict', { zh: '这是该用户唯一的登录方式，不能移除', en: "This is the user's only way to sign in; it cannot be removed", ru: 'Это единственный способ входа пользователя; его нельзя удалить' });
  const updated = await db.transaction(async (tx) => {
    if (provider === 'email') await appUsersRepo.update(tx, user.id, { email: null, passwordHash: null, emailVerified: false });
    else if (provider === 'phone') await appUsersRepo.update(tx, user.id, { phone: null });
    else await oidcRepo.unlink(tx, user.id, provider);
    await users.changed(tx, user.id);
    await writeAudit(tx, clock, { action: 'app-users.unlink', teamId: caller.teamId, actorId: user.id, actorKind: 'app-user', ip: caller.ip, targetType: 'app-user', targetId: user.id, data: { appId: caller.appId, provider } });
    return (await appUsersRepo.byId(tx, user.projectId, user.id))!;
  });
  return { user: appUserOut(updated) };
}
