import type { AuditAction } from '@wharf/contract';
import { randomInt } from 'node:crypto';
import { DAY_MS, INVITATION_CODE_ALPHABET, INVITATION_CODE_LENGTH, TESTING_LIMITS } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { teamById } from '../accounts/public';
import { CsvTooLong, parseTesterCsv } from './csv';
import { groupOut, invitationMail, invitationOut, invitationState, openTestLink, testerOut, type Lang } from './present';
import { testingRepo, type GroupRow, type InvitationRow } from './repo';

const groupNotFound = () => notFound({ zh: '测试用户组不存在', en: 'No such test-user group', ru: 'Такой группы тестировщиков нет' });

export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < INVITATION_CODE_LENGTH; i += 1) code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)];
  return code;
}

/** Test-user groups of a team, their testers and invitation codes. */
export class GroupsService {
  constructor(private readonly deps: Deps) {}

  private async out(g: GroupRow, db: Deps['db'] | Tx = this.deps.db) {
    return groupOut(g, (await testingRepo.memberCounts(db, [g.id])).get(g.id) ?? 0);
  }

  async find(caller: Caller, groupId: string): Promise<GroupRow> {
    const g = await testingRepo.group(this.deps.db, caller.teamId!, groupId);
    if (!g) throw groupNotFound();
    return g;
  }

  private audit(tx: Tx, caller: Caller, action: AuditAction, targetType: string, targetId: string, data: Record<string, unknown> = {}) {
    return writeAudit(tx, this.deps.clock, { action, teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType, targetId, data });
  }

  async check(caller: Caller, raw: string): Promise<{ available: boolean; reason: 'taken' | 'invalid' | null }> {
    const name = raw.trim();
    if (!name || name.length > TESTING_LIMITS.groupName) return { available: false, reason: 'invalid' };
    if (await testingRepo.groupByName(this.deps.db, caller.teamId!, name)) return { available: false, reason: 'taken' };
    return { available: true, reason: null };
  }

  private taken(name: string) {
    return conflict({ zh: `测试用户组名称「${name}」已被使用`, en: `A test-user group named "${name}" exists in the team`, ru: `В команде уже есть группа тестировщиков «${name}»` });
  }

  async create(caller: Caller, name: string) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const group = await db.transaction(async (tx) => {
      // Serialises creations in a team, so the limit holds under concurrent calls.
      await testingRepo.lockTeamGroups(tx, caller.teamId!);
      if ((await testingRepo.countGroups(tx, caller.teamId!)) >= TESTING_LIMITS.groupsPerTeam) {
        throw conflict({ zh: `每个团队最多 ${TESTING_LIMITS.groupsPerTeam} 个测试用户组`, en: `A team has at most ${TESTING_LIMITS.groupsPerTeam} test-user groups`, ru: `У команды не больше ${TESTING_LIMITS.groupsPerTeam} групп тестировщиков` });
      }
      const row = await testingRepo.insertGroup(tx, { teamId: caller.teamId!, name, createdAt: now, updatedAt: now });
      if (!row) throw this.taken(name);
      await this.audit(tx, caller, 'testGroup.create', 'testGroup', row.id, { name });
      return row;
    });
    return { group: groupOut(group, 0) };
  }

  async rename(caller: Caller, groupId: string, name: string) {
    const { db, clock } = this.deps;
    const g = await this.find(caller, groupId);
    const other = await testingRepo.groupByName(db, caller.teamId!, name);
    if (other && other.id !== g.id) throw this.taken(name);
    const updated = await db.transaction(async (tx) => {
      const row = await testingRepo.updateGroup(tx, g.id, { name, updatedAt: clock.now() }).catch((e: unknown) => {
        // Renamed to a name another call took a moment ago.
        if (String((e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code) === '23505') throw this.taken(name);
        throw e;
      });
      await this.audit(tx, caller, 'testGroup.rename', 'testGroup', g.id, { from: g.name, to: name });
      return row;
    });
    return { group: await this.out(updated) };
  }

  async remove(caller: Caller, groupId: string): Promise<Record<string, never>> {
    const { db } = this.deps;
    const g = await this.find(caller, groupId);
    await db.transaction(async (tx) => {
      await testingRepo.lockGroup(tx, caller.teamId!, g.id);
      const live = await testingRepo.liveTestVersionsNaming(tx, g.id);
      if (live.length) {
        const names = live.map((v) => v.name).join(', ');
        throw conflict({ zh: `测试版本「${names}」仍在使用该用户组`, en: `Test versions not yet ended use this group: ${names}`, ru: `Эту группу используют незавершённые тестовые версии: ${names}` });
      }
      await testingRepo.removeGroup(tx, g.id);
      await this.audit(tx, caller, 'testGroup.delete', 'testGroup', g.id, { name: g.name });
    });
    return {};
  }

  async list(caller: Caller, q: { pageSize: number; cursor?: string | undefined; withTotal: boolean }) {
    const { db } = this.deps;
    const rows = await testingRepo.groupPage(db, caller.teamId!, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (g) => ({ at: g.createdAt, id: g.id }));
    const counts = await testingRepo.memberCounts(db, page.map((g) => g.id));
    return {
      items: page.map((g) => groupOut(g, counts.get(g.id) ?? 0)),
      nextCursor,
      ...(q.withTotal ? { total: await testingRepo.countGroups(db, caller.teamId!) } : {}),
    };
  }

  /** Adds rows under the group's lock and refuses the whole change past 10,000 testers. */
  private async addAll(tx: Tx, g: GroupRow, rows: Array<{ email: string; name: string | null }>, source: 'manual' | 'csv' | 'invitation'): Promise<number> {
    await testingRepo.lockGroup(tx, g.teamId, g.id);
    const now = this.deps.clock.now();
    const added = await testingRepo.addTesters(
      tx,
      rows.map((r) => ({ groupId: g.id, teamId: g.teamId, email: r.email, name: r.name, source, createdAt: now })),
    );
    const total = (await testingRepo.memberCounts(tx, [g.id])).get(g.id) ?? 0;
    if (total > TESTING_LIMITS.testersPerGroup) {
      throw conflict({
        zh: `测试用户组最多 ${TESTING_LIMITS.testersPerGroup} 名测试人员（添加后将有 ${total} 名）`,
        en: `A test-user group holds at most ${TESTING_LIMITS.testersPerGroup} testers (this would make ${total})`, ru: `В группе не больше ${TESTING_LIMITS.testersPerGroup} тестировщиков (стало бы ${total})`,
      });
    }
    return added;
  }

  async addMembers(caller: Caller, groupId: string, emails: string[]) {
    const g = await this.find(caller, groupId);
    const unique = [...new Set(emails)];
    const added = await this.deps.db.transaction(async (tx) => {
      const n = await this.addAll(tx, g, unique.map((email) => ({ email, name: null })), 'manual');
      await this.audit(tx, caller, 'testGroup.addMembers', 'testGroup', g.id, { added: n, given: unique.length });
      return n;
    });
    return { added, skipped: emails.length - added, group: await this.out(g) };
  }

  async removeMember(caller: Caller, groupId: string, testerId: string) {
    const g = await this.find(caller, groupId);
    const tester = await testingRepo.tester(this.deps.db, g.id, testerId);
    if (!tester) throw notFound({ zh: '测试人员不存在', en: 'No such tester in this group', ru: 'Такого тестировщика в группе нет' });
    await this.deps.db.transaction(async (tx) => {
      await testingRepo.removeTester(tx, tester.id);
      await this.audit(tx, caller, 'testGroup.removeMember', 'testGroup', g.id, { testerId, email: tester.email });
    });
    return { group: await this.out(g) };
  }

  async members(caller: Caller, q: { groupId: string; pageSize: number; cursor?: string | undefined; withTotal: boolean }) {
    const g = await this.find(caller, q.groupId);
    const rows = await testingRepo.testerPage(this.deps.db, g.id, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (t) => ({ at: t.createdAt, id: t.id }));
    return {
      items: page.map(testerOut),
      nextCursor,
      ...(q.withTotal ? { total: (await testingRepo.memberCounts(this.deps.db, [g.id])).get(g.id) ?? 0 } : {}),
    };
  }

  async importCsv(caller: Caller, groupId: string, csv: string) {
    const g = await this.find(caller, groupId);
    let parsed: ReturnType<typeof parseTesterCsv>;
    try {
      parsed = parseTesterCsv(csv);
    } catch (e) {
      if (!(e instanceof CsvTooLong)) throw e;
      throw invalidInput({
        zh: `参数不合法：csv 有 ${e.rows} 行，最多 ${TESTING_LIMITS.testersPerGroup} 行`,
        en: `Invalid input: csv has ${e.rows} rows; at most ${TESTING_LIMITS.testersPerGroup} can be imported at once`, ru: `Недопустимые параметры: в csv ${e.rows} строк; за раз можно импортировать не больше ${TESTING_LIMITS.testersPerGroup}`,
      });
    }
    const rows = parsed.rows.length + parsed.errors.length;
    const added = await this.deps.db.transaction(async (tx) => {
      const n = parsed.rows.length ? await this.addAll(tx, g, parsed.rows, 'csv') : 0;
      await this.audit(tx, caller, 'testGroup.import', 'testGroup', g.id, { rows, added: n, refused: parsed.errors.length });
      return n;
    });
    return { rows, added, skipped: parsed.rows.length - added, errors: parsed.errors, group: await this.out(g) };
  }

  // ---- invitations ----

  private async newInvitation(tx: Tx, caller: Caller, g: GroupRow, maxAdmissions: number): Promise<InvitationRow> {
    const now = this.deps.clock.now();
    for (let attempt = 0; ; attempt += 1) {
      const row = await testingRepo.insertInvitation(tx, {
        teamId: g.teamId,
        groupId: g.id,
        code: newInvitationCode(),
        maxAdmissions,
        expiresAt: new Date(now.getTime() + TESTING_LIMITS.invitationDays * DAY_MS),
        createdBy: caller.userId,
        createdAt: now,
      });
      if (row) {
        await this.audit(tx, caller, 'testInvitation.create', 'testInvitation', row.id, { groupId: g.id, maxAdmissions });
        return row;
      }
      // 31^10 codes: a collision is rare, two in a row would mean a broken generator.
      if (attempt > 3) throw new Error('could not draw a free invitation code');
    }
  }

  private invOut(i: InvitationRow) {
    return invitationOut(i, this.deps.clock.now(), this.deps.config.publicUrl);
  }

  async createInvitation(caller: Caller, groupId: string, maxAdmissions: number) {
    const g = await this.find(caller, groupId);
    const row = await this.deps.db.transaction((tx) => this.newInvitation(tx, caller, g, maxAdmissions));
    return { invitation: this.invOut(row) };
  }

  async invitations(caller: Caller, groupId: string) {
    const g = await this.find(caller, groupId);
    return { items: (await testingRepo.invitationsOf(this.deps.db, g.id)).map((i) => this.invOut(i)) };
  }

  async expireInvitation(caller: Caller, invitationId: string) {
    const { db, clock } = this.deps;
    const found = await testingRepo.invitation(db, caller.teamId!, invitationId);
    if (!found) throw notFound({ zh: '邀请码不存在', en: 'No such invitation', ru: 'Такого приглашения нет' });
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      if (found.expiresAt.getTime() <= now.getTime()) return found;
      const updated = await testingRepo.updateInvitation(tx, found.id, { expiresAt: now });
      await this.audit(tx, caller, 'testInvitation.expire', 'testInvitation', found.id, { groupId: found.groupId });
      return updated;
    });
    return { invitation: this.invOut(row) };
  }

  async emailInvitation(caller: Caller, groupId: string, emails: string[], lang: Lang) {
    const { db, clock, mailer, config } = this.deps;
    const g = await this.find(caller, groupId);
    const unique = [...new Set(emails)];
    const now = clock.now();
    const team = await teamById(db, caller.teamId!);
    const invitation = await db.transaction(async (tx) => {
      const active = (await testingRepo.invitationsOf(tx, g.id)).find((i) => invitationState(i, now) === 'active' && i.maxAdmissions - i.admissions >= unique.length);
      const inv = active ?? (await this.newInvitation(tx, caller, g, TESTING_LIMITS.admissionsPerInvitation));
      await this.addAll(tx, g, unique.map((email) => ({ email, name: null })), 'invitation');
      const link = openTestLink(config.publicUrl, inv.code);
      for (const to of unique) await mailer.enqueue(tx, { to, kind: 'test-invitation', ...invitationMail(lang, link, team?.name ?? g.name, TESTING_LIMITS.invitationDays) });
      await this.audit(tx, caller, 'testInvitation.email', 'testInvitation', inv.id, { groupId: g.id, emails: unique.length });
      return inv;
    });
    void mailer.deliverPending().catch(() => undefined);
    return { sent: unique.length, invitation: this.invOut(invitation) };
  }
}
