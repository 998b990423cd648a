import type { FastifyRequest } from 'fastify';
import type { Invitation, Member } from '@wharf/contract';
import { INVITATION_TTL_DAYS, TEAM_MEMBER_LIMIT, TEAMS_PER_USER_LIMIT } from '@wharf/contract';
import { writeAudit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import type { Caller } from '../../../platform/http/access';
import { decodeCursor, pageOf } from '../../../platform/http/cursor';
import { AppError, notFound } from '../../../platform/http/errors';
import { invitationsRepo, type InvitationRow } from '../repo/invitations';
import { teamsRepo, type MembershipRow } from '../repo/teams';
import { usersRepo, type UserRow } from '../repo/users';
import { hashToken, newToken } from '../tokens';
import { checkAssignment, type Assignment } from './assignment';
import { asLang, invitationMail, sitePathOf } from './mail-texts';
import type { SessionCache } from './session-cache';

const DAY = 86_400_000;

function memberOut(m: MembershipRow, u: UserRow, mainUserId: string, now: Date): Member {
  return {
    userId: u.id,
    email: u.email,
    displayName: u.displayName,
    roles: m.roles,
    appIds: m.appIds,
    expiresAt: m.expiresAt?.toISOString() ?? null,
    expired: m.expiresAt !== null && m.expiresAt <= now,
    isAccountHolder: u.id === mainUserId,
    joinedAt: m.createdAt.toISOString(),
  };
}

function invitationOut(row: InvitationRow, inviter: string): Invitation {
  return {
    invitationId: row.id,
    email: row.email,
    roles: row.roles,
    appIds: row.appIds,
    memberExpiresAt: row.memberExpiresAt?.toISOString() ?? null,
    invitedBy: inviter,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export class MembersService {
  constructor(
    private readonly deps: Deps,
    private readonly publicBase: (req: FastifyRequest) => string,
    private readonly cache: SessionCache,
  ) {}

  async list(caller: Caller, q: { pageSize: number; cursor?: string | undefined; withTotal: boolean; search?: string | undefined }) {
    const { db, clock } = this.deps;
    const team = (await teamsRepo.byId(db, caller.teamId!))!;
    const rows = await teamsRepo.members(db, team.id, {
      limit: q.pageSize + 1,
      ...(q.cursor ? { after: decodeCursor(q.cursor) } : {}),
      ...(q.search ? { search: q.search } : {}),
    });
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.membership.createdAt, id: r.user.id }));
    const now = clock.now();
    return {
      items: page.map((r) => memberOut(r.membership, r.user, team.mainUserId, now)),
      nextCursor,
      ...(q.withTotal ? { total: await teamsRepo.countMembersMatching(db, team.id, q.search) } : {}),
    };
  }

  /** Every member of the caller's team, in join order (at most 200 by the team limit). */
  async all(caller: Caller): Promise<Member[]> {
    const { db, clock } = this.deps;
    const team = (await teamsRepo.byId(db, caller.teamId!))!;
    const rows = await teamsRepo.members(db, team.id, { limit: TEAM_MEMBER_LIMIT });
    const now = clock.now();
    return rows.map((r) => memberOut(r.membership, r.user, team.mainUserId, now));
  }

  async invite(req: FastifyRequest, caller: Caller, input: Assignment & { email: string }): Promise<Invitation> {
    const { db, clock, mailer } = this.deps;
    const now = clock.now();
    const teamId = caller.teamId!;
    const token = newToken();
    const result = await db.transaction(async (tx) => {
      const team = (await teamsRepo.byId(tx, teamId))!;
      const checked = await checkAssignment(tx, caller, team.mainUserId === caller.userId, input, now);
      const existing = await usersRepo.byEmail(tx, input.email);
      if (existing && (await teamsRepo.membership(tx, teamId, existing.id))) {
        throw new AppError('conflict', { zh: '该用户已是团队成员', en: 'This person is already a member of the team', ru: 'Этот человек уже в команде' });
      }
      const open = await invitationsRepo.open(tx, teamId, now);
      if ((await teamsRepo.memberCount(tx, teamId)) + open.length >= TEAM_MEMBER_LIMIT) {
        throw new AppError('conflict', { zh: `团队成员（含待接受的邀请）最多 ${TEAM_MEMBER_LIMIT} 人`, en: `A team has at most ${TEAM_MEMBER_LIMIT} members, pending invitations included`, ru: `В команде не больше ${TEAM_MEMBER_LIMIT} участников, включая неотвеченные приглашения` });
      }
      for (const old of open.filter((i) => i.email === input.email)) await invitationsRepo.revoke(tx, old.id, now);
      const row = await invitationsRepo.insert(tx, {
        teamId,
        email: input.email,
        roles: checked.roles,
        appIds: checked.appIds,
        memberExpiresAt: checked.expiresAt,
        tokenHash: hashToken(token),
        invitedBy: caller.userId!,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY),
      });
      const inviter = (await usersRepo.byId(tx, caller.userId!))!;
      const language = asLang(existing?.language ?? inviter.language);
      const link = `${this.publicBase(req)}${sitePathOf(language)}#/invitation?token=${token}`;
      await mailer.enqueue(tx, { to: input.email, kind: 'invitation', ...invitationMail(language, link, team.name, inviter.displayName, INVITATION_TTL_DAYS) });
      await writeAudit(tx, clock, { action: 'member.invite', teamId, actorId: caller.userId, targetType: 'invitation', targetId: row.id, ip: req.ip, data: { email: input.email, roles: checked.roles } });
      return invitationOut(row, inviter.displayName);
    });
    void mailer.deliverPending().catch(() => undefined);
    return result;
  }

  async invitations(caller: Caller): Promise<Invitation[]> {
    const { db, clock } = this.deps;
    const rows = await invitationsRepo.open(db, caller.teamId!, clock.now());
    const names = new Map<string, string>();
    for (const r of rows) if (!names.has(r.invitedBy)) names.set(r.invitedBy, (await usersRepo.byId(db, r.invitedBy))?.displayName ?? '');
    return rows.map((r) => invitationOut(r, names.get(r.invitedBy) ?? ''));
  }

  async revoke(caller: Caller, invitationId: string): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const row = await invitationsRepo.byId(tx, caller.teamId!, invitationId);
      if (!row || row.acceptedAt || row.revokedAt) throw notFound();
      await invitationsRepo.revoke(tx, row.id, clock.now());
      await writeAudit(tx, clock, { action: 'member.inviteRevoked', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'invitation', targetId: row.id, data: { email: row.email } });
    });
  }

  async describe(token: string) {
    const { db, clock } = this.deps;
    const row = await invitationsRepo.byTokenHash(db, hashToken(token));
    if (!row) throw notFound({ zh: '邀请链接无效', en: 'This invitation link is not valid', ru: 'Ссылка приглашения недействительна' });
    const team = (await teamsRepo.byId(db, row.teamId))!;
    const inviter = await usersRepo.byId(db, row.invitedBy);
    const state = row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt <= clock.now() ? 'expired' : 'open';
    return {
      teamName: team.name,
      invitedBy: inviter?.displayName ?? '',
      email: row.email,
      roles: row.roles,
      state: state as 'open' | 'accepted' | 'expired' | 'revoked',
      accountExists: Boolean(await usersRepo.byEmail(db, row.email)),
    };
  }

  async accept(req: FastifyRequest, caller: Caller, token: string): Promise<string> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const row = await invitationsRepo.byTokenHash(tx, hashToken(token));
      if (!row) throw notFound({ zh: '邀请链接无效', en: 'This invitation link is not valid', ru: 'Ссылка приглашения недействительна' });
      if (row.acceptedAt || row.revokedAt || row.expiresAt <= now) {
        throw new AppError('conflict', { zh: '邀请已失效（已接受、已撤销或已过期）', en: 'This invitation is no longer open (accepted, withdrawn or expired)', ru: 'Приглашение уже закрыто (принято, отозвано или истекло)' });
      }
      const user = (await usersRepo.byId(tx, caller.userId!))!;
      if (user.email !== row.email) {
        throw new AppError('forbidden', { zh: `此邀请发给 ${row.email}，请使用该邮箱登录`, en: `This invitation is for ${row.email}; sign in with that email`, ru: `Приглашение адресовано ${row.email}; войдите с этим адресом` });
      }
      if (await teamsRepo.membership(tx, row.teamId, user.id)) throw new AppError('conflict', { zh: '您已是该团队成员', en: 'You are already a member of this team', ru: 'Вы уже в этой команде' });
      if ((await teamsRepo.teamCountOf(tx, user.id)) >= TEAMS_PER_USER_LIMIT) {
        throw new AppError('conflict', { zh: `每人最多加入 ${TEAMS_PER_USER_LIMIT} 个团队`, en: `A person can be in at most ${TEAMS_PER_USER_LIMIT} teams`, ru: `Человек может состоять не больше чем в ${TEAMS_PER_USER_LIMIT} командах` });
      }
      if ((await teamsRepo.memberCount(tx, row.teamId)) >= TEAM_MEMBER_LIMIT) {
        throw new AppError('conflict', { zh: `团队成员已达上限 ${TEAM_MEMBER_LIMIT} 人`, en: `The team has reached ${TEAM_MEMBER_LIMIT} members`, ru: `В команде уже ${TEAM_MEMBER_LIMIT} участников` });
      }
      await teamsRepo.addMember(tx, { teamId: row.teamId, userId: user.id, roles: row.roles, appIds: row.appIds, expiresAt: row.memberExpiresAt, createdAt: now });
      await invitationsRepo.accept(tx, row.id, user.id, now);
      await writeAudit(tx, clock, { action: 'member.join', teamId: row.teamId, actorId: user.id, targetType: 'user', targetId: user.id, ip: req.ip, data: { roles: row.roles, invitationId: row.id } });
      return row.teamId;
    }).finally(() => this.cache.clear());
  }

  async update(caller: Caller, userId: string, input: Assignment): Promise<Member> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const teamId = caller.teamId!;
    return db.transaction(async (tx) => {
      const team = (await teamsRepo.byId(tx, teamId))!;
      const membership = await teamsRepo.membership(tx, teamId, userId);
      if (!membership) throw notFound();
      if (userId === team.mainUserId) throw new AppError('forbidden', { zh: '不能修改账号持有者的角色', en: "The account holder's roles cannot be changed", ru: 'Роли владельца аккаунта изменить нельзя' });
      const checked = await checkAssignment(tx, caller, team.mainUserId === caller.userId, input, now);
      await teamsRepo.updateMembership(tx, teamId, userId, checked);
      await writeAudit(tx, clock, { action: 'member.rolesChanged', teamId, actorId: caller.userId, ip: caller.ip, targetType: 'user', targetId: userId, data: { before: membership.roles, after: checked.roles, appIds: checked.appIds, expiresAt: checked.expiresAt } });
      const user = (await usersRepo.byId(tx, userId))!;
      return memberOut({ ...membership, ...checked }, user, team.mainUserId, now);
    }).finally(() => this.cache.clear());
  }

  async remove(caller: Caller, userId: string): Promise<void> {
    const { db, clock } = this.deps;
    const teamId = caller.teamId!;
    await db.transaction(async (tx) => {
      const team = (await teamsRepo.byId(tx, teamId))!;
      if (userId === team.mainUserId) throw new AppError('forbidden', { zh: '不能移除账号持有者', en: 'The account holder cannot be removed', ru: 'Владельца аккаунта удалить нельзя' });
      if (!(await teamsRepo.removeMember(tx, teamId, userId))) throw notFound();
      await writeAudit(tx, clock, { action: 'member.remove', teamId, actorId: caller.userId, ip: caller.ip, targetType: 'user', targetId: userId });
    });
    this.cache.clear();
  }
}
