import { BUILT_IN_ROLES, type Role } from '@wharf/contract';

/** Role names as the console shows them: built-in roles in the display language. */

export function isBuiltInRole(key: string): boolean {
  return (BUILT_IN_ROLES as readonly string[]).includes(key);
}

export type Translate = (key: string) => string;

/** A role's display name: built-ins from the locale, custom ones by their own name. */
export function roleLabel(key: string, t: Translate, roles: readonly Pick<Role, 'key' | 'name'>[] = []): string {
  if (isBuiltInRole(key)) return t(`roles.builtIn.${key}`);
  return roles.find((r) => r.key === key)?.name ?? t('roles.customRole');
}

/** Roles that can be given to a member (the account holder is never given, only held). */
export function assignableRoles<R extends Pick<Role, 'key'>>(roles: readonly R[]): R[] {
  return roles.filter((r) => r.key !== 'accountHolder');
}

/** App administrators are scoped to apps: the console asks which. */
export function needsAppScope(roleKeys: readonly string[]): boolean {
  return roleKeys.includes('appAdministrator') && !roleKeys.includes('administrator');
}
