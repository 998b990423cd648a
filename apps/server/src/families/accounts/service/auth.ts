import type { FastifyReply, FastifyRequest } from 'fastify';
import { USER_INFO_COOKIE_MAX_AGE_MS, siteIdOfZone, zoneOfCountry, type Zone } from '@wharf/rules';
import { writeAudit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import type { Caller } from '../../../platform/http/access';
import { AppError } from '../../../platform/http/errors';
import { publicOrigin } from '../../../platform/http/origin';
import { failuresRepo } from '../repo/failures';
import { resetsRepo } from '../repo/invitations';
import { sessionsRepo } from '../repo/sessions';
import { teamsRepo } from '../repo/teams';
import { usersRepo } from '../repo/users';
import { Passwords } from '../../../platform/passwords';
import { hashToken, newToken } from '../tokens';
import { clearSessionCookies } from './cookies';
import type { SessionCache } from './session-cache';
import { asLang, resetMail, sitePathOf } from './mail-texts';
import { answerWithSession, defaultTeam, openSession, safeRedirect, type LoginAnswer } from './sessions';
import { createTeamHolder } from './team-holder';

const RESET_TTL_MS = 3_600_000;

export interface RegisterInput {
  email: string;
  password: string;
  displayName: string;
  countryCode?: string | undefined;
  zone?: Zone | undefined;
  language?: 'cn' | 'en' | 'ru' | undefined;
}

export class AuthService {
  readonly passwords: Passwords;

  constructor(
    private readonly deps: Deps,
    private readonly cache: SessionCache,
  ) {
    this.passwords = new Passwords(deps.config.argon2MemoryKib);
  }

  async register(req: FastifyRequest, reply: FastifyReply, input: RegisterInput): Promise<LoginAnswer> {
    const { db, clock } = this.deps;
    const passwordHash = await this.passwords.hash(input.password);
    const zone = input.zone ?? zoneOfCountry(input.countryCode);
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      if (await usersRepo.byEmail(tx, input.email)) {
        throw new AppError('conflict', { zh: '该邮箱已注册，请直接登录', en: 'An account with this email exists; sign in instead', ru: 'Аккаунт с этим адресом уже есть; войдите в него' });
      }
      const { user, team } = await createTeamHolder(
        tx,
        { email: input.email, displayName: input.displayName, passwordHash, language: input.language ?? null, countryCode: input.countryCode ?? null },
        { name: input.displayName, siteId: siteIdOfZone(zone), zone, countryCode: input.countryCode ?? null, userType: 1 },
        now,
      );
      const opened = await openSession(this.deps, tx, req, user, team);
      await writeAudit(tx, clock, { action: 'auth.register', teamId: team.id, actorId: user.id, targetType: 'user', targetId: user.id, ip: req.ip, data: { zone } });
      return { ...opened, team };
    });
    return answerWithSession(this.deps, req, reply, { ...result, redirectUri: '/#/' });
  }

  async login(
    req: FastifyRequest,
    reply: FastifyReply,
    input: { email: string; password: string; state?: number | undefined; redirect?: string | undefined },
  ): Promise<LoginAnswer> {
    const { db, clock, config } = this.deps;
    const now = clock.now();
    const windowStart = new Date(now.getTime() - config.risk.windowMs);
    const accountKey = `account:${input.email}`;
    const addressKey = `address:${req.ip}`;
    const counts = await failuresRepo.counts(db, [accountKey, addressKey], windowStart);
    if ((counts.get(accountKey) ?? 0) >= config.risk.maxFailuresPerAccount || (counts.get(addressKey) ?? 0) >= config.risk.maxFailuresPerAddress) {
      throw new AppError('riskControl');
    }
    const user = await usersRepo.byEmail(db, input.email);
    const ok = user ? await this.passwords.verify(user.passwordHash, input.password) : await this.passwords.verifyNobody(input.password);
    if (!user || !ok) {
      await db.transaction(async (tx) => {
        await failuresRepo.record(tx, accountKey, now, windowStart);
        await failuresRepo.record(tx, addressKey, now, windowStart);
        await writeAudit(tx, clock, { action: 'auth.signInFailed', actorId: user?.id ?? null, ip: req.ip, data: { email: input.email } });
      });
      throw new AppError('credentialsInvalid');
    }
    const result = await db.transaction(async (tx) => {
      await failuresRepo.clear(tx, accountKey);
      const team = await defaultTeam(tx, user.id, now);
      const opened = await openSession(this.deps, tx, req, user, team);
      await writeAudit(tx, clock, { action: 'auth.signIn', teamId: team?.id ?? null, actorId: user.id, targetType: 'user', targetId: user.id, ip: req.ip });
      return { ...opened, team };
    });
    return answerWithSession(this.deps, req, reply, { ...result, redirectUri: safeRedirect(input.redirect, input.state) });
  }

  async refresh(req: FastifyRequest, reply: FastifyReply, caller: Caller): Promise<LoginAnswer> {
    const { db, clock } = this.deps;
    if (caller.accountStatus !== 1) throw new AppError('sessionInvalid');
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const found = await sessionsRepo.byId(tx, caller.sessionId!);
      if (!found) throw new AppError('sessionInvalid');
      const expiresAt = new Date(Math.min(now.getTime() + USER_INFO_COOKIE_MAX_AGE_MS, found.realExpiresAt.getTime()));
      await sessionsRepo.renew(tx, found.id, now, expiresAt);
      const team = found.currentTeamId ? ((await teamsRepo.byId(tx, found.currentTeamId)) ?? null) : null;
      return { session: { ...found, refreshedAt: now, expiresAt }, team };
    });
    this.cache.forgetSession(caller.sessionId!);
    return answerWithSession(this.deps, req, reply, { ...result, redirectUri: '' });
  }

  async logout(req: FastifyRequest, reply: FastifyReply, caller: Caller): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      await sessionsRepo.revoke(tx, caller.sessionId!, clock.now());
      await writeAudit(tx, clock, { action: 'auth.signOut', actorId: caller.userId, ip: req.ip });
    });
    this.cache.forgetSession(caller.sessionId!);
    clearSessionCookies(reply);
  }

  async requestReset(req: FastifyRequest, input: { email: string; language?: 'cn' | 'en' | 'ru' | undefined }): Promise<void> {
    const { db, clock, mailer } = this.deps;
    const user = await usersRepo.byEmail(db, input.email);
    if (!user) return;
    const now = clock.now();
    const token = newToken();
    const language = asLang(input.language ?? user.language);
    const link = `${this.publicBase(req)}${sitePathOf(language)}#/password/reset?token=${token}`;
    await db.transaction(async (tx) => {
      await resetsRepo.insert(tx, { userId: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
      await mailer.enqueue(tx, { to: user.email, kind: 'password-reset', ...resetMail(language, link) });
      await writeAudit(tx, clock, { action: 'auth.passwordResetRequested', actorId: user.id, targetType: 'user', targetId: user.id, ip: req.ip });
    });
    void mailer.deliverPending().catch(() => undefined);
  }

  async resetPassword(req: FastifyRequest, input: { token: string; password: string }): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const passwordHash = await this.passwords.hash(input.password);
    await db.transaction(async (tx) => {
      const reset = await resetsRepo.byTokenHash(tx, hashToken(input.token));
      if (!reset || reset.usedAt || reset.expiresAt <= now || !(await resetsRepo.markUsed(tx, reset.id, now))) {
        throw new AppError('invalidInput', { zh: '重置链接无效或已过期，请重新申请', en: 'This reset link is invalid or has expired; ask for a new one', ru: 'Ссылка сброса недействительна или истекла; запросите новую' });
      }
      // Every earlier session must sign in again (account status 6).
      await usersRepo.setPassword(tx, reset.userId, passwordHash, now);
      await writeAudit(tx, clock, { action: 'auth.passwordReset', actorId: reset.userId, targetType: 'user', targetId: reset.userId, ip: req.ip });
    });
    this.cache.clear();
  }

  publicBase(req: FastifyRequest): string {
    return publicOrigin(this.deps.config, req);
  }
}
