import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db/errors';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { AppError } from '../../platform/http/errors';
import { Passwords } from '../../platform/passwords';
import { appName } from '../apps/public';
import { bearerUser } from './bearer';
import { AppUserCodes, CODE_TTL_MINUTES } from './codes';
import { emailTaken, methodOff } from './errors';
import { mailLanguage, type MailLanguage } from './mail-texts';
import { appUserOut } from './out';
import { appUsersRepo, type AppUserRow } from './repo';
import type { AppUserSessions } from './sessions';
import { sessionsRepo } from './sessions-repo';
import type { AccessTokens } from './tokens';
import type { AuthTemplates } from './templates';
import type { AppUserCache } from './user-cache';


/**
 * An app user's email: the code that verifies it, an anonymous account upgraded to one
 * (keeping its user ID), and a new password set with a mailed code.
 */
export class ClientEmail {
  readonly #codes: AppUserCodes;
  readonly #passwords: Passwords;

  constructor(
    private readonly deps: Deps,
    private readonly sessions: AppUserSessions,
    private readonly tokens: AccessTokens,
    private readonly users: AppUserCache,
    private readonly templates: AuthTemplates,
  ) {
    this.#codes = new AppUserCodes(deps);
    this.#passwords = new Passwords(deps.config.argon2MemoryKib);
  }

  /** Mails a verification code to the user's email, in the caller's transaction. */
  async mailVerification(tx: DbOrTx, user: AppUserRow, appId: string, language: MailLanguage): Promise<void> {
    if (!user.email || user.emailVerified) return;
    const code = await this.#codes.issue(tx, user.id, 'verifyEmail');
    const name = (await appName(tx, appId)) ?? 'Wharf';
    const mail = await this.templates.render(tx, user.projectId, 'verifyEmail', language, { app: name, code, minutes: CODE_TTL_MINUTES.verifyEmail });
    await this.deps.mailer.enqueue(tx, { to: user.email, kind: 'app-user-verify', ...mail });
  }

  /** Sends what was enqueued, after the transaction that enqueued it. */
  deliver(): void {
    void this.deps.mailer.deliverPending().catch(() => undefined);
  }

  async link(caller: Caller, req: FastifyRequest, email: string, password: string) {
    const { db, clock } = this.deps;
    const settings = await appUsersRepo.settings(db, caller.projectId!);
    if (!settings?.email) throw methodOff('email');
    const { user, claims } = await bearerUser(db, this.tokens, caller, req);
    if (user.email) throw new AppError('conflict', { zh: '该用户已有邮箱', en: 'This user already has an email', ru: 'У этого пользователя уже есть адрес почты' });
    if (await appUsersRepo.byEmail(db, caller.projectId!, email)) throw emailTaken();
    const passwordHash = await this.#passwords.hash(password);
    const started = await db.transaction(async (tx) => {
      const updated = await appUsersRepo.update(tx, user.id, { email, passwordHash, anonymous: false }).catch((err: unknown) => {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      });
      await this.users.changed(tx, user.id);
      await this.mailVerification(tx, updated, caller.appId!, mailLanguage(req));
      await writeAudit(tx, clock, { action: 'app-users.linkEmail', teamId: caller.teamId, actorId: user.id, actorKind: 'app-user', ip: caller.ip, targetType: 'app-user', targetId: user.id, data: { appId: caller.appId } });
      // A new session, whose tokens say the user is no longer anonymous, replaces the old one.
      await sessionsRepo.end(tx, claims.sessionId, 'replaced', clock.now());
      return this.sessions.start(tx, updated, caller.appId!);
    });
    this.deliver();
    return this.sessions.answer(started);
  }

  async sendVerification(caller: Caller, req: FastifyRequest) {
    const { user } = await bearerUser(this.deps.db, this.tokens, caller, req);
    if (!user.email) throw new AppError('conflict', { zh: '该用户没有邮箱', en: 'This user has no email', ru: 'У этого пользователя нет адреса почты' });
    if (user.emailVerified) throw new AppError('conflict', { zh: '邮箱已验证', en: 'The email is already verified', ru: 'Адрес почты уже подтверждён' });
    await this.deps.db.transaction((tx) => this.mailVerification(tx, user, caller.appId!, mailLanguage(req)));
    this.deliver();
    return {};
  }

  async verify(caller: Caller, req: FastifyRequest, code: string) {
    const { db, clock } = this.deps;
    const { user } = await bearerUser(db, this.tokens, caller, req);
    const ok = await db.transaction((tx) => this.#codes.spend(tx, user.id, 'verifyEmail', code));
    if (!ok) throw AppUserCodes.refused();
    const verified = await db.transaction(async (tx) => {
      const updated = await appUsersRepo.update(tx, user.id, { emailVerified: true });
      await this.users.changed(tx, user.id);
      await writeAudit(tx, clock, { action: 'app-users.verifyEmail', teamId: caller.teamId, actorId: user.id, actorKind: 'app-user', ip: caller.ip, targetType: 'app-user', targetId: user.id, data: {} });
      return updated;
    });
    return { user: appUserOut(verified) };
  }

  /** Answers alike whether or not the email has an account, so nobody learns which do. */
  async sendReset(caller: Caller, req: FastifyRequest, email: string) {
    const { db } = this.deps;
    const user = await appUsersRepo.byEmail(db, caller.projectId!, email);
    if (!user || user.disabled) return {};
    await db.transaction(async (tx) => {
      const code = await this.#codes.issue(tx, user.id, 'resetPassword');
      const name = (await appName(tx, caller.appId!)) ?? 'Wharf';
      const mail = await this.templates.render(tx, user.projectId, 'resetPassword', mailLanguage(req), { app: name, code, minutes: CODE_TTL_MINUTES.resetPassword });
      await this.deps.mailer.enqueue(tx, { to: email, kind: 'app-user-reset', ...mail });
    });
    this.deliver();
    return {};
  }

  async reset(caller: Caller, email: string, code: string, password: string) {
    const { db, clock } = this.deps;
    const user = await appUsersRepo.byEmail(db, caller.projectId!, email);
    const ok = user ? await db.transaction((tx) => this.#codes.spend(tx, user.id, 'resetPassword', code)) : false;
    if (!user || !ok) throw AppUserCodes.refused();
    const passwordHash = await this.#passwords.hash(password);
    await db.transaction(async (tx) => {
      // Whoever could read the mail could also verify the email.
      await appUsersRepo.update(tx, user.id, { passwordHash, emailVerified: true });
      await this.users.changed(tx, user.id);
      const ended = await sessionsRepo.endAll(tx, user.id, 'revoked', clock.now());
      await writeAudit(tx, clock, { action: 'app-users.resetPassword', teamId: caller.teamId, actorId: user.id, actorKind: 'app-user', ip: caller.ip, targetType: 'app-user', targetId: user.id, data: { sessionsEnded: ended } });
    });
    return {};
  }
}
