import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_ROLES, TEAMS_PER_USER_LIMIT, userPermissionMap, type OperatorRole, type teamApi, type TeamSummary } from '@wharf/contract';
import type { z } from 'zod';
import { effectiveTeamUserType, siteIdOfZone, zoneOfCountry, type Zone } from '@wharf/rules';
import { writeAudit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import type { Caller } from '../../../platform/http/access';
import { AppError } from '../../../platform/http/errors';
import { sessionsRepo } from '../repo/sessions';
import { teamsRepo, type MembershipRow, type TeamRow } from '../repo/teams';
import { usersRepo } from '../repo/users';
import type { RolesService } from './roles';
import type { SessionCache } from './session-cache';
import { answerWithSession, isGrey } from './sessions';

type UserPermissionAnswer = Omit<z.output<typeof teamApi.userPermission.response>, 'ret'>;

export function teamSummaryOf(team: TeamRow, membership: MembershipRow): TeamSummary {
  return {
    teamId: team.id,
    name: team.name,
    siteId: team.siteId,
    zone: team.zone as Zone,
    countryCode: team.countryCode,
    userType: team.userType,
    mainUserId: team.mainUserId,
    roles: membership.roles,
    expiresAt: membership.expiresAt?.toISOString() ?? null,
  };
}

export class TeamsService {
  constructor(
    private readonly deps: Deps,
    private readonly roles: RolesService,
    private readonly cache: SessionCache,
  ) {}

  async list(caller: Caller): Promise<{ items: TeamSummary[]; currentTeamId: string }> {
    const { db } = this.deps;
    const rows = await teamsRepo.ofUser(db, caller.userId!);
    const session = await sessionsRepo.byId(db, caller.sessionId!);
    return { items: rows.map((r) => teamSummaryOf(r.team, r.membership)), currentTeamId: session?.currentTeamId ?? '' };
  }

  async switchTo(req: FastifyRequest, reply: FastifyReply, caller: Caller, teamId: string) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const membership = await teamsRepo.membership(tx, teamId, caller.userId!);
      if (!membership || (membership.expiresAt && membership.expiresAt <= now)) throw new AppError('notMember');
      await sessionsRepo.setTeam(tx, caller.sessionId!, teamId);
      await writeAudit(tx, clock, { action: 'team.switch', teamId, actorId: caller.userId, ip: req.ip });
      const session = (await sessionsRepo.byId(tx, caller.sessionId!))!;
      return { session, team: (await teamsRepo.byId(tx, teamId))! };
    });
    this.cache.clear();
    const answer = answerWithSession(this.deps, req, reply, { ...result, redirectUri: '' });
    return { teamId, siteId: answer.siteID, userInfo: answer.userInfo };
  }

  async createCompanyTeam(req: FastifyRequest, caller: Caller, input: { name: string; countryCode?: string | undefined; zone?: Zone | undefined }): Promise<TeamSummary> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction(async (tx) => {
      if ((await teamsRepo.teamCountOf(tx, caller.userId!)) >= TEAMS_PER_USER_LIMIT) {
        throw new AppError('conflict', { zh: `每人最多加入 ${TEAMS_PER_USER_LIMIT} 个团队`, en: `A person can be in at most ${TEAMS_PER_USER_LIMIT} teams`, ru: `Человек может состоять не больше чем в ${TEAMS_PER_USER_LIMIT} командах` });
      }
      const zone = input.zone ?? zoneOfCountry(input.countryCode);
      const team = await teamsRepo.insert(tx, { name: input.name, siteId: siteIdOfZone(zone), zone, countryCode: input.countryCode ?? null, userType: 2, mainUserId: caller.userId!, createdAt: now });
      const membership = { teamId: team.id, userId: caller.userId!, roles: ['accountHolder'], appIds: [], expiresAt: null, createdAt: now };
      await teamsRepo.addMember(tx, membership);
      await writeAudit(tx, clock, { action: 'team.create', teamId: team.id, actorId: caller.userId, targetType: 'team', targetId: team.id, ip: req.ip, data: { name: team.name, zone } });
      return teamSummaryOf(team, membership);
    }).finally(() => this.cache.clear());
  }

  /**
   * The caller's permissions and roles. Runs on every console page load, so the answer is
   * kept with the cached session it comes from (keyed by that entry's permission set, made
   * once per entry): the same object again, which the route sends as prepared bytes.
   */
  userPermission(caller: Caller): Promise<UserPermissionAnswer> {
    const key = caller.permissions;
    const known = this.#permissionAnswers.get(key);
    if (known) return known;
    const answer = this.#userPermission(caller);
    this.#permissionAnswers.set(key, answer);
    answer.catch(() => this.#permissionAnswers.delete(key));
    return answer;
  }

  readonly #permissionAnswers = new WeakMap<object, Promise<UserPermissionAnswer>>();

  async #userPermission(caller: Caller): Promise<UserPermissionAnswer> {
    // Everything comes with the caller: no database round trip for built-in roles.
    const teamId = caller.teamId!;
    const holder = caller.team!.mainUserId === caller.userId;
    // Frozen: its prepared bytes are kept with it (prepareAnswer), so it must not change.
    return Object.freeze({
      teamId,
      userPermission: userPermissionMap(caller.permissions as Set<never>),
      userRoles: await this.roles.names(teamId, holder ? ['accountHolder', ...caller.roles.filter((r) => r !== 'accountHolder')] : caller.roles),
      appIds: caller.appScope ? [...caller.appScope] : [],
      isTeamLeader: holder,
      teamUserType: effectiveTeamUserType(caller.team!.userType, caller.userType),
    });
  }

  async userInfo(caller: Caller) {
    const { db } = this.deps;
    const user = (await usersRepo.byId(db, caller.userId!))!;
    const { items, currentTeamId } = await this.list(caller);
    return {
      userId: user.id,
      email: user.email,
      displayName: user.displayName,
      accountStatus: caller.accountStatus,
      userType: user.userType,
      language: (user.language as 'cn' | 'en' | 'ru' | null) ?? null,
      countryCode: user.countryCode,
      currentTeamId,
      teams: items,
      operatorRoles: user.operatorRoles.filter((r): r is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(r)),
      greyFlag: isGrey(this.deps, user.id),
    };
  }
}
