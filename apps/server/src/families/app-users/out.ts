import type { AppUser } from '@wharf/contract';
import type { AppUserRow } from './repo';

export function appUserOut(r: AppUserRow): AppUser {
  const providers: string[] = r.anonymous ? ['anonymous'] : [];
  if (r.email && r.passwordHash) providers.push('email');
  if (r.phone) providers.push('phone');
  providers.push(...r.oidcProviders);
  return {
    appUserId: r.id,
    projectId: r.projectId,
    anonymous: r.anonymous,
    email: r.email,
    emailVerified: r.emailVerified,
    phone: r.phone,
    displayName: r.displayName,
    providers,
    disabled: r.disabled,
    createdAt: r.createdAt.toISOString(),
    lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
  };
}
