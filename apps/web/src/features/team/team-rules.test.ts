import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { BUILT_IN_ROLES, PERMISSIONS } from '@wharf/contract';
import cn from './locales/cn.json';
import en from './locales/en.json';
import ru from './locales/ru.json';
import { assignmentBody, customRoleId } from './assignment';
import { PERMISSION_GROUPS, USERS_PAGE_PERMISSIONS, can, canAny, permissionLabel, permissionLabelKey } from './permissions';
import { assignableRoles, needsAppScope, roleLabel } from './roles';

describe('permissions', () => {
  it('are grouped, each permission of the contract exactly once', () => {
    const grouped = PERMISSION_GROUPS.flatMap((g) => g.permissions);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('have a name in each language', () => {
    for (const strings of [cn, en, ru]) {
      const names = strings.permissions as Record<string, string>;
      for (const p of PERMISSIONS) expect(names[permissionLabelKey(p).slice('permissions.'.length)], `${p}`).toBeTruthy();
      for (const g of PERMISSION_GROUPS) expect((strings.permissionGroups as Record<string, string>)[g.key]).toBeTruthy();
    }
  });

  it('show as their name when the console has no text for one yet', () => {
    expect(permissionLabel('new.thing', (_key, { defaultValue }) => defaultValue)).toBe('new.thing');
  });

  it('are granted only by Y', () => {
    expect(can({ 'team.read': 'Y' }, 'team.read')).toBe(true);
    expect(can({ 'team.read': 'N' }, 'team.read')).toBe(false);
    expect(can(null, 'team.read')).toBe(false);
    expect(canAny({ 'team.roles.manage': 'Y' }, USERS_PAGE_PERMISSIONS)).toBe(true);
    expect(canAny({ 'team.read': 'Y' }, USERS_PAGE_PERMISSIONS)).toBe(false);
  });
});

describe('roles', () => {
  const t = (key: string) => key;
  it('name built-in roles from the locale and custom ones by their own name', () => {
    expect(roleLabel('operations', t)).toBe('roles.builtIn.operations');
    expect(roleLabel('custom:1', t, [{ key: 'custom:1', name: 'Release managers' }])).toBe('Release managers');
    expect(roleLabel('custom:2', t)).toBe('roles.customRole');
    for (const strings of [cn, en, ru]) for (const role of BUILT_IN_ROLES) expect((strings.roles.builtIn as Record<string, string>)[role]).toBeTruthy();
  });

  it('never offer the account holder role', () => {
    expect(assignableRoles([{ key: 'accountHolder' }, { key: 'operations' }])).toEqual([{ key: 'operations' }]);
  });

  it('ask for apps only for App administrators who are not also Administrators', () => {
    expect(needsAppScope(['appAdministrator'])).toBe(true);
    expect(needsAppScope(['appAdministrator', 'administrator'])).toBe(false);
    expect(needsAppScope(['operations'])).toBe(false);
  });
});

describe('assignment', () => {
  it('sends the end of the chosen day, trimmed unique app ids, and no apps for other roles', () => {
    const day = dayjs('2026-12-31T09:00:00');
    expect(assignmentBody({ roles: ['appAdministrator'], appIds: [' a1 ', 'a1', '', 'a2'], expiresAt: day })).toEqual({
      roles: ['appAdministrator'],
      appIds: ['a1', 'a2'],
      expiresAt: day.endOf('day').toISOString(),
    });
    expect(assignmentBody({ roles: ['operations'], appIds: ['a1'], expiresAt: null })).toEqual({ roles: ['operations'], appIds: [], expiresAt: null });
  });

  it('finds the id of a custom role', () => {
    expect(customRoleId('custom:abc')).toBe('abc');
    expect(customRoleId('operations')).toBeNull();
  });
});
