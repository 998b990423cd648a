import { BUILT_IN_ROLES, ROLE_PERMISSIONS, type PermissionName, type Role } from '@wharf/contract';
import { writeAudit } from '../../../platform/audit';
import type { Deps } from '../../../platform/deps';
import type { Caller } from '../../../platform/http/access';
import { AppError, notFound } from '../../../platform/http/errors';
import { teamsRepo, type CustomRoleRow } from '../repo/teams';
import { CUSTOM_PREFIX } from './permissions';
import type { SessionCache } from './session-cache';

const ROLE_NAMES: Record<(typeof BUILT_IN_ROLES)[number], string> = {
  accountHolder: 'Account holder',
  administrator: 'Administrator',
  appAdministrator: 'App administrator',
  development: 'Development',
  operations: 'Operations',
  customerService: 'Customer service',
  finance: 'Finance',
  legal: 'Legal',
};

export const CUSTOM_ROLE_LIMIT = 50;

function customRoleOut(row: CustomRoleRow, counts: Map<string, number>): Role {
  const key = `${CUSTOM_PREFIX}${row.id}`;
  return { key, name: row.name, builtIn: false, permissions: row.permissions as PermissionName[], memberCount: counts.get(key) ?? 0 };
}

export class RolesService {
  constructor(
    private readonly deps: Deps,
    private readonly cache: SessionCache,
  ) {}

  async list(teamId: string): Promise<Role[]> {
    const counts = await teamsRepo.roleCounts(this.deps.db, teamId);
    const builtIn: Role[] = BUILT_IN_ROLES.map((key) => ({
      key,
      name: ROLE_NAMES[key],
      builtIn: true,
      permissions: [...ROLE_PERMISSIONS[key]],
      memberCount: counts.get(key) ?? 0,
    }));
    const custom = (await teamsRepo.customRoles(this.deps.db, teamId)).map((r) => customRoleOut(r, counts));
    return [...builtIn, ...custom];
  }

  /** Display names of role keys, for the console's role chips. */
  async names(teamId: string, keys: readonly string[]): Promise<Array<{ key: string; name: string; builtIn: boolean }>> {
    const customIds = keys.filter((k) => k.startsWith(CUSTOM_PREFIX)).map((k) => k.slice(CUSTOM_PREFIX.length));
    const custom = customIds.length ? await teamsRepo.customRoles(this.deps.db, teamId, customIds) : [];
    return keys.map((key) => {
      if (key in ROLE_NAMES) return { key, name: ROLE_NAMES[key as keyof typeof ROLE_NAMES], builtIn: true };
      const row = custom.find((r) => `${CUSTOM_PREFIX}${r.id}` === key);
      return { key, name: row?.name ?? key, builtIn: false };
    });
  }

  async create(caller: Caller, input: { name: string; permissions: PermissionName[] }): Promise<Role> {
    const { db, clock } = this.deps;
    const teamId = caller.teamId!;
    return db.transaction(async (tx) => {
      const existing = await teamsRepo.customRoles(tx, teamId);
      if (existing.length >= CUSTOM_ROLE_LIMIT) {
        throw new AppError('conflict', { zh: `每个团队最多 ${CUSTOM_ROLE_LIMIT} 个自定义角色`, en: `A team can have at most ${CUSTOM_ROLE_LIMIT} custom roles`, ru: `У команды не больше ${CUSTOM_ROLE_LIMIT} своих ролей` });
      }
      this.assertFreeName(existing, input.name);
      const now = clock.now();
      const row = await teamsRepo.insertCustomRole(tx, { teamId, name: input.name, permissions: unique(input.permissions), createdAt: now, updatedAt: now });
      await writeAudit(tx, clock, { action: 'role.create', teamId, actorId: caller.userId, ip: caller.ip, targetType: 'role', targetId: row.id, data: { name: row.name, permissions: row.permissions } });
      return customRoleOut(row, new Map());
    });
  }

  async update(caller: Caller, roleId: string, input: { name: string; permissions: PermissionName[] }): Promise<Role> {
    const { db, clock } = this.deps;
    const teamId = caller.teamId!;
    return db.transaction(async (tx) => {
      const row = await teamsRepo.customRole(tx, teamId, roleId);
      if (!row) throw notFound();
      this.assertFreeName((await teamsRepo.customRoles(tx, teamId)).filter((r) => r.id !== roleId), input.name);
      const updated = await teamsRepo.updateCustomRole(tx, roleId, { name: input.name, permissions: unique(input.permissions), updatedAt: clock.now() });
      await writeAudit(tx, clock, { action: 'role.update', teamId, actorId: caller.userId, ip: caller.ip, targetType: 'role', targetId: roleId, data: { before: row.permissions, after: updated.permissions, name: updated.name } });
      return customRoleOut(updated, await teamsRepo.roleCounts(tx, teamId));
    }).finally(() => this.cache.clear());
  }

  async remove(caller: Caller, roleId: string): Promise<void> {
    const { db, clock } = this.deps;
    const teamId = caller.teamId!;
    await db.transaction(async (tx) => {
      const row = await teamsRepo.customRole(tx, teamId, roleId);
      if (!row) throw notFound();
      const held = (await teamsRepo.roleCounts(tx, teamId)).get(`${CUSTOM_PREFIX}${roleId}`) ?? 0;
      if (held > 0) {
        throw new AppError('conflict', { zh: `仍有 ${held} 名成员拥有该角色，请先调整他们的角色`, en: `${held} member(s) still hold this role; change their roles first`, ru: `Эта роль ещё есть у участников (${held}); сначала смените им роли` });
      }
      await teamsRepo.deleteCustomRole(tx, roleId);
      await writeAudit(tx, clock, { action: 'role.delete', teamId, actorId: caller.userId, ip: caller.ip, targetType: 'role', targetId: roleId, data: { name: row.name } });
    });
  }

  private assertFreeName(roles: CustomRoleRow[], name: string): void {
    const taken = roles.some((r) => r.name.toLowerCase() === name.toLowerCase()) || Object.values(ROLE_NAMES).some((n) => n.toLowerCase() === name.toLowerCase());
    if (taken) throw new AppError('conflict', { zh: '已存在同名角色', en: 'A role with this name exists', ru: 'Роль с таким названием уже есть' });
  }
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
