import type { LocalisedText } from '../../platform/http/errors';
import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db/errors';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, forbidden, invalidInput } from '../../platform/http/errors';
import { rateKey } from '../../platform/rate-limit';
import { appName } from '../apps/public';
import { bearerUser } from './bearer';
import { AppUserCodes } from './codes';
import { digestOf, matchesDigest } from './digest';
import { disabledUser, methodOff } from './errors';
import { appUserCreated } from './events';
import { mailLanguage } from './mail-texts';
import { phoneRepo } from './phone-repo';
import { appUsersRepo, type AppUserRow } from './repo';
import type { AppUserSessions } from './sessions';
import { sessionsRepo } from './sessions-repo';
import type { AccessTokens } from './tokens';
import type { AuthTemplates } from './templates';
import type { AppUserCache } from './user-cache';

export const PHONE_CODE_MINUTES = 10;
const MAX_FAILED = 5;
const phoneTaken = () => new AppError('conflict', { zh: '该手机号已属于另一个用户', en: 'This phone number belongs to another user', ru: 'Этот номер телефона принадлежит другому пользователю' });
const tooMany = (retryAfterSeconds: number, why: LocalisedText) => new AppError('rateLimited', why, { 'Retry-After': String(retryAfterSeconds) });

/**
 * Sign-in with a phone number and a texted code, and a number linked to a signed-in user.
 * Against SMS pumping (texts sent to premium numbers for the sender's money): the
 * project's countries only, per-number and per-project caps beside the endpoint's
 * per-address limit, and codes that say nothing of whether a number has an account.
 */
export class ClientPhone {
  constructor(
    private readonly deps: Deps,
    private readonly sessions: AppUserSessions,
    private readonly tokens: AccessTokens,
    private readonly users: AppUserCache,
    private readonly templates: AuthTemplates,
  ) {}

  async sendCode(caller: Caller, req: FastifyRequest, raw: string) {
    const { db, clock, rateLimits, config, sms } = this.deps;
    const projectId = caller.projectId!;
    await this.#requireOn(projectId);
    const { phone, country } = await this.#number(projectId, raw);
    const perNumber = await rateLimits.hit(rateKey('smsPerNumber', 'phone', `${projectId}:${phone}`), config.rateLimits.smsPerNumber!);
    if (!perNumber.allowed) throw tooMany(perNumber.retryAfterSeconds, { zh: '发送到该号码的验证码过多，请稍后再试', en: 'Too many codes were sent to this number; try again later', ru: 'На этот номер отправлено слишком много кодов; повторите позже' });
    const perProject = await rateLimits.hit(rateKey('smsPerProject', 'project', projectId), config.rateLimits.smsPerProject!);
    if (!perProject.allowed) throw tooMany(perProject.retryAfterSeconds, { zh: '该项目今天发送的短信已达上限', en: "This project's apps sent as many texts today as it allows; try again later", ru: 'Приложения этого проекта уже отправили сегодня столько SMS, сколько разрешено; повторите позже' });
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = clock.now();
    await db.transaction(async (tx) => {
      await phoneRepo.replaceCode(tx, { projectId, phone, codeDigest: digestOf(`${projectId}:${phone}:${code}`), createdAt: now, expiresAt: new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000) });
      const name = (await appName(tx, caller.appId!)) ?? 'Wharf';
      const { text } = await this.templates.render(tx, projectId, 'phoneCode', mailLanguage(req), { app: name, code, minutes: PHONE_CODE_MINUTES });
      await sms.enqueue(tx, { to: phone, country, text, kind: 'app-user-phone-code', scopeId: projectId });
    });
    void sms.deliverPending().catch(() => undefined);
    return { expiresIn: PHONE_CODE_MINUTES * 60 };
  }

  async signIn(caller: Caller, raw: string, code: string) {
    const { db, clock, events } = this.deps;
    const projectId = caller.projectId!;
    await this.#requireOn(projectId);
    const { phone } = await this.#number(projectId, raw);
    await this.#spend(projectId, phone, code);
    const started = await db.transaction(async (tx) => {
      const now = clock.now();
      let user: AppUserRow | undefined = await phoneRepo.userByPhone(tx, projectId, phone);
      const isNew = !user;
      if (user) {
        if (user.disabled) throw disabledUser();
        user = await appUsersRepo.update(tx, user.id, { lastSignInAt: now });
      } else {
        user = await appUsersRepo.insert(tx, { projectId, anonymous: false, phone, createdAt: now, lastSignInAt: now });
        if (!user) throw phoneTaken();
        await events.publish(tx, appUserCreated, user.id, { projectId, appUserId: user.id, anonymous: false, email: null, appId: caller.appId!, provider: 'phone' });
      }
      await writeAudit(tx, clock, { action: isNew ? 'app-users.signUp' : 'app-users.signIn', teamId: caller.teamId, actorId: user.id, actorKind: 'app-user', ip: caller.ip, targetType: 'app-user', targetId: user.id, data: { appId: caller.appId, provider: 'phone' } });
      return this.sessions.start(tx, user, caller.appId!);
    });
    return this.sessions.answer(started);
  }

  async link(caller: Caller, req: FastifyRequest, raw: string, code: string) {
    const { db, clock } = this.deps;
    const projectId = caller.projectId!;
    await this.#requireOn(projectId);
    const { user, claims } = await bearerUser(db, this.tokens, caller, req);
    if (user.phone) throw new AppError('conflict', { zh: '该用户已有手机号', en: 'This user already has a phone number', ru: 'У этого пользователя уже есть номер телефона' });
    const { phone } = await this.#number(projectId, raw);
    if (await phoneRepo.userByPhone(db, projectId, phone)) throw phoneTaken();
    await this.#spend(projectId, phone, code);
    const started = await db.transaction(async (tx) => {
      const updated = await appUsersRepo.update(tx, user.id, { phone, anonymous: false }).catch((err: unknown) => {
        if (isUniqueViolation(err)) throw phoneTaken();
        throw err;
      });
      await this.users.changed(tx, user.id);
      await writeAudit(tx, clock, { action: 'app-users.linkPhone', teamId: caller.teamId, actorId: user.id, actorKind: 'app-user', ip: caller.ip, targetType: 'app-user', targetId: user.id, data: { appId: caller.appId } });
      // New tokens say the user is no longer anonymous; they replace the old session.
      await sessionsRepo.end(tx, claims.sessionId, 'replaced', clock.now());
      return this.sessions.start(tx, updated, caller.appId!);
    });
    return this.sessions.answer(started);
  }

  async #requireOn(projectId: string): Promise<void> {
    if (!(await appUsersRepo.settings(this.deps.db, projectId))?.phone) throw methodOff('phone');
  }

  /** The number in E.164 with its country, if it is a possible number of a country the project allows. */
  async #number(projectId: string, raw: string): Promise<{ phone: string; country: string }> {
    const parsed = parsePhoneNumberFromString(raw);
    if (!parsed?.isValid() || !parsed.country) {
      throw invalidInput({ zh: '这不是有效的手机号码，请带上国家代码，如 +86 138 0013 8000', en: 'This is not a valid phone number; give it with its country code, such as +49 151 23456789', ru: 'Недопустимый номер телефона; укажите его с кодом страны, например +49 151 23456789' });
    }
    const countries = await phoneRepo.countries(this.deps.db, projectId);
    if (!countries.includes(parsed.country)) {
      throw forbidden({ zh: `该项目不向 ${parsed.country} 的号码发送短信`, en: `This project does not text numbers of ${parsed.country}`, ru: `Этот проект не отправляет SMS на номера страны ${parsed.country}` });
    }
    return { phone: parsed.number, country: parsed.country };
  }

  /** Spends the number's latest code, or counts a wrong try (in a transaction of its own, so the count stays) and refuses. */
  async #spend(projectId: string, phone: string, code: string): Promise<void> {
    const { db, clock } = this.deps;
    const ok = await db.transaction(async (tx) => {
      const row = await phoneRepo.latestCode(tx, projectId, phone);
      if (!row || row.expiresAt <= clock.now() || row.failedAttempts >= MAX_FAILED) return false;
      if (!matchesDigest(`${projectId}:${phone}:${code}`, row.codeDigest)) {
        await phoneRepo.failed(tx, row.id);
        return false;
      }
      await phoneRepo.spend(tx, row.id, clock.now());
      return true;
    });
    if (!ok) throw AppUserCodes.refused();
  }
}
