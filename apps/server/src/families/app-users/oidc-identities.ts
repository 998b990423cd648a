import type { AuditAction } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { conflict, forbidden } from '../../platform/http/errors';
import { USER_DISABLED } from './errors';
import { appUserCreated } from './events';
import type { OidcFlowRow } from './oidc-repo';
import { oidcRepo } from './oidc-repo';
import { appUsersRepo, type AppUserRow } from './repo';

/** What Wharf reads of a provider's ID token. */
export interface ProviderClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

const NAME = /^[^<>"'&\\\p{Cc}]{1,64}$/u;
const accountExists = (providerId: string) =>
  conflict({
    zh: `已有使用此邮箱的账号：请先用该账号登录，再关联“${providerId}”`,
    en: `An account with this email exists: sign in with it first, then link “${providerId}”`, ru: `Аккаунт с этим адресом уже есть: сначала войдите в него, затем привяжите «${providerId}»`,
  });

/**
 * The app user a provider's account stands for, in the callback's transaction: the one it
 * is linked to; else, when the sign-in was started by a signed-in user, that user (the
 * provider is linked to them); else an existing user with the same email only when the
 * provider marked it verified and the user verified it too (so neither a provider's
 * unchecked claim nor an account someone opened with another's address takes an account
 * over); else a new user. Each outcome is in the audit log.
 */
export async function linkIdentity(tx: DbOrTx, deps: Pick<Deps, 'clock' | 'events'>, flow: OidcFlowRow, providerId: string, claims: ProviderClaims, ip: string | null): Promise<AppUserRow> {
  const { clock } = deps;
  const now = clock.now();
  const projectId = flow.projectId;
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  const verified = claims.email_verified === true;
  const audit = (action: AuditAction, user: AppUserRow, data: Record<string, unknown> = {}) =>
    writeAudit(tx, clock, { action, teamId: flow.teamId, actorId: user.id, actorKind: 'app-user', ip, targetType: 'app-user', targetId: user.id, data: { appId: flow.appId, provider: providerId, ...data } });
  const usable = (user: AppUserRow | undefined): AppUserRow => {
    if (!user) throw forbidden({ zh: '该用户已不存在', en: 'This user no longer exists', ru: 'Этого пользователя больше нет' });
    if (user.disabled) throw forbidden(USER_DISABLED);
    return user;
  };
  const link = (user: AppUserRow) => oidcRepo.link(tx, { projectId, providerId, subject: claims.sub, userId: user.id, email, createdAt: now });
  const known = await oidcRepo.identity(tx, projectId, providerId, claims.sub);

  if (flow.linkUserId) {
    const user = usable(await appUsersRepo.byId(tx, projectId, flow.linkUserId));
    if (known && known.userId !== user.id) throw conflict({ zh: '此身份提供方账号已关联到另一个用户', en: 'This account of the provider is linked to another user', ru: 'Этот аккаунт поставщика привязан к другому пользователю' });
    if (!known) {
      if (await oidcRepo.identityOfUser(tx, user.id, providerId)) throw conflict({ zh: '该用户已关联此身份提供方的另一个账号', en: 'This user has another account of this provider linked', ru: 'К этому пользователю уже привязан другой аккаунт этого поставщика' });
      await link(user);
      await audit('app-users.linkProvider', user);
    }
    return appUsersRepo.update(tx, user.id, { lastSignInAt: now, anonymous: false });
  }
  if (known) {
    const user = usable(await appUsersRepo.byId(tx, projectId, known.userId));
    await oidcRepo.touchIdentity(tx, projectId, providerId, claims.sub, email);
    await audit('app-users.signIn', user);
    return appUsersRepo.update(tx, user.id, { lastSignInAt: now });
  }
  if (email) {
    const owner = await appUsersRepo.byEmail(tx, projectId, email);
    if (owner) {
      if (!verified || !owner.emailVerified) throw accountExists(providerId);
      usable(owner);
      await link(owner);
      await audit('app-users.linkProvider', owner, { byVerifiedEmail: true });
      return appUsersRepo.update(tx, owner.id, { lastSignInAt: now });
    }
  }
  const name = typeof claims.name === 'string' && NAME.test(claims.name.trim()) ? claims.name.trim() : null;
  // An email the provider did not verify is kept on the identity only: on the user it would
  // keep the address's owner from signing up with it.
  const user = await appUsersRepo.insert(tx, { projectId, anonymous: false, email: verified ? email : null, emailVerified: verified && email !== null, displayName: name, createdAt: now, lastSignInAt: now });
  if (!user) throw accountExists(providerId);
  await link(user);
  await deps.events.publish(tx, appUserCreated, user.id, { projectId, appUserId: user.id, anonymous: false, email: user.email, appId: flow.appId, provider: providerId });
  await audit('app-users.signUp', user);
  return (await appUsersRepo.byId(tx, projectId, user.id))!;
}
