import type { RoleKey } from '@wharf/contract';
import type { DbOrTx } from '../../../platform/db/types';
import type { Caller } from '../../../platform/http/access';
import { AppError } from '../../../platform/http/errors';
import { teamsRepo } from '../repo/teams';
import { CUSTOM_PREFIX } from './permissions';

export interface Assignment {
  roles: RoleKey[];
  appIds: string[];
  expiresAt: string | null;
}

export interface CheckedAssignment {
  roles: string[];
  appIds: string[];
  expiresAt: Date | null;
}

/**
 * The rules of giving roles (AppGallery Connect's): nobody is made account holder; only
 * the account holder grants Legal, and Legal comes with Administrator or App administrator;
 * an app scope belongs to App administrators only; custom roles must be the team's own.
 */
export async function checkAssignment(db: DbOrTx, caller: Caller, isHolder: boolean, a: Assignment, now: Date): Promise<CheckedAssignment> {
  const roles = [...new Set(a.roles)];
  const refuse = (zh: string, en: string, ru: string) => new AppError('invalidInput', { zh, en, ru });
  if (roles.includes('accountHolder')) throw refuse('不能指定账号持有者角色', 'The account holder role cannot be given', 'Роль владельца аккаунта назначить нельзя');
  if (roles.includes('legal')) {
    if (!isHolder) throw refuse('只有账号持有者可以指定法务角色', 'Only the account holder can give the Legal role', 'Роль юриста может назначить только владелец аккаунта');
    if (!roles.includes('administrator') && !roles.includes('appAdministrator')) {
      throw refuse('法务角色须同时拥有管理员或应用管理员角色', 'Legal must be combined with Administrator or App administrator', 'Роль юриста даётся только вместе с ролью администратора или администратора приложений');
    }
  }
  const customIds = roles.filter((r) => r.startsWith(CUSTOM_PREFIX)).map((r) => r.slice(CUSTOM_PREFIX.length));
  if (customIds.length) {
    const found = await teamsRepo.customRoles(db, caller.teamId!, customIds);
    if (found.length !== customIds.length) throw refuse('包含不存在的自定义角色', 'One of the custom roles does not exist', 'Одной из своих ролей не существует');
  }
  const appAdmin = roles.includes('appAdministrator');
  if (appAdmin && a.appIds.length === 0) throw refuse('应用管理员须至少指定一个应用', 'Choose at least one app for an App administrator', 'Выберите для администратора приложений хотя бы одно приложение');
  const expiresAt = a.expiresAt ? new Date(a.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw refuse('有效期须晚于当前时间', 'The expiry must be in the future', 'Срок действия должен быть в будущем');
  return { roles, appIds: appAdmin ? [...new Set(a.appIds)] : [], expiresAt };
}
