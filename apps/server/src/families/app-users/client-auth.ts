import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { Passwords } from '../../platform/passwords';
import { rateKey } from '../../platform/rate-limit';
import type { DbOrTx } from '../../platform/db/types';
import { bearerUser } from './bearer';
import { disabledUser, emailTaken, methodOff } from './errors';
import type { ClientEmail } from './client-email';
import { mailLanguage } from './mail-texts';
import { appUserCreated } from './events';
import { appUserOut } from './out';
import { appUsersRepo, type AppUserRow } from './repo';
import type { AppUserSessions } from './sessions';
import type { AccessTokens } from './tokens';
import type { AppUserCache } from './user-cache';

type Method = 'anonymous' | 'email';
/** Ten wrong passwords in a row lock an account for a quarter of an hour (beside the per-address rate limit). */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MINUTES = 15;

/**
 * What an app does for its users on a device (the `app-client` level: the caller is the
 * app, with its project): sign up, sign in, refresh, sign out, who am I.
 */
export class ClientAuth {
  readonly #passwords: Passwords;

  constructor(
    private readonly deps: Deps,
    private readonly sessions: AppUserSessions,
    private readonly tokens: AccessTokens,
    private readonly email: ClientEmail,
    private readonly users: AppUserCache,
  ) {
    this.#passwords = new Passwords(deps.config.argon2MemoryKib);
  }

  async signInAnonymously(caller: Caller) {
    await this.#require(caller, 'anonymous');
    // Beside the per-address limit the endpoint declares: all of a project's apps together,
    // so many addresses cannot fill a project with throwaway users.
    const { rateLimits, config } = this.deps;
    const verdict = await rateLimits.hit(rateKey('anonymousSignUpPerProject', 'project', caller.projectId!), config.rateLimits.anonymousSignUpPerProject!);
    if (!verdict.allowed) {
      throw new AppError('rateLimited', { zh: '该项目的应用本小时创建的匿名用户过多，请稍后再试', en: "This project's apps made too many anonymous users this hour; try again later", ru: 'Приложения этого проекта создали слишком много анонимных пользователей за этот час; повторите позже' }, { 'Retry-After': String(verdict.retryAfterSeconds) });
    }
    return this.#create(caller, { anonymous: true });
  }

  async signUpWithEmail(caller: Caller, req: FastifyRequest, email: string, password: string, displayName: string | undefined) {
    await this.#require(caller, 'email');
    if (await appUsersRepo.byEmail(this.deps.db, caller.projectId!, email)) throw emailTaken();
    const passwordHash = await this.#passwords.hash(password);
    const session = await this.#create(caller, { anonymous: false, email, passwordHash, displayName: displayName ?? null }, (tx, user) => this.email.mailVerification(tx, user, caller.appId!, mailLanguage(req)));
    this.email.deliver();
    return session;
  }

  async signInWithEmail(caller: Caller, email: string, password: string) {
    await this.#require(caller, 'email');
    const { db, clock } = this.deps;
    const user = await appUsersRepo.byEmail(db, caller.projectId!, email);
    const now = clock.now();
    if (user?.lockedUntil && user.lockedUntil > now) throw new AppError('riskControl');
    const ok = user?.passwordHash ? await this.#passwords.verify(user.passwordHash, password) : await this.#passwords.verifyNobody(password);
    if (user && !ok) {
      const failed = user.failedSignIns + 1;
      const locks = failed >= LOCK_AFTER_FAILURES;
      await db.transaction(async (tx) => {
        await appUsersRepo.update(tx, user.id, { failedSignIns: locks ? 0 : failed, ...(locks ? { lockedUntil: new Date(now.getTime() + LOCK_MINUTES * 60_000) } : {}) });
        await writeAudit(tx, clock, { action: locks ? 'app-users.locked' : 'app-users.signInFailed', teamId: caller.teamId, actorId: user.id, actorKind: 'app-user', ip: caller.ip, targetType: 'app-user', targetId: user.id, data: { appId: caller.appId, failed } });
      });
    }
    if (!user || !ok) throw new AppError('credentialsInvalid');
    if (user.disabled) throw disabledUser();
    const started = await db.transaction(async (tx) => {
      const signedIn = await appUsersRepo.update(tx, user.id, { lastSignInAt: now, failedSignIns: 0, lockedUntil: null });
      await writeAudit(tx, clock, { action: 'app-users.signIn', teamId: caller.teamId, actorId: user.id, actorKind: 'app-user', ip: caller.ip, targetType: 'app-user', targetId: user.id, data: { appId: caller.appId, provider: 'email' } });
      return this.sessions.start(tx, signedIn, caller.appId!);
    });
    return this.sessions.answer(started);
  }

  refresh(caller: Caller, refreshToken: string) {
    return this.sessions.refresh(caller.projectId!, caller.appId!, refreshToken);
  }

  async signOut(caller: Caller, refreshToken: string) {
    await this.sessions.signOut(caller.projectId!, refreshToken);
    return {};
  }

  /** The user of the request's bearer token, if still enabled. */
  async me(caller: Caller, req: FastifyRequest) {
    const { user } = await bearerUser(this.deps.db, this.tokens, caller, req, this.users);
    return { user: appUserOut(user) };
  }

  async #require(caller: Caller, method: Method): Promise<void> {
    const settings = await appUsersRepo.settings(this.deps.db, caller.projectId!);
    if (!settings?.[method]) throw methodOff(method);
  }

  async #create(caller: Caller, fields: Partial<AppUserRow> & { anonymous: boolean }, then?: (tx: DbOrTx, user: AppUserRow) => Promise<void>) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const started = await db.transaction(async (tx) => {
      const user = await appUsersRepo.insert(tx, { ...fields, projectId: caller.projectId!, createdAt: now, lastSignInAt: now });
      if (!user) throw emailTaken();
      await this.deps.events.publish(tx, appUserCreated, user.id, { projectId: user.projectId, appUserId: user.id, anonymous: user.anonymous, email: user.email, appId: caller.appId!, provider: fields.anonymous ? 'anonymous' : 'email' });
      await writeAudit(tx, clock, { action: 'app-users.signUp', teamId: caller.teamId, actorId: user.id, actorKind: 'app-user', ip: caller.ip, targetType: 'app-user', targetId: user.id, data: { appId: caller.appId, provider: fields.anonymous ? 'anonymous' : 'email' } });
      await then?.(tx, user);
      return this.sessions.start(tx, user, caller.appId!);
    });
    return this.sessions.answer(started);
  }
}
