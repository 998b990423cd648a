import { randomBytes } from 'node:crypto';
import { PERMISSIONS } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { ANONYMOUS, type Caller } from '../../platform/http/access';
import { settings } from '../../platform/settings';
import { teamsRepo } from '../accounts/repo/teams';
import { usersRepo } from '../accounts/repo/users';
import { Passwords } from '../accounts/passwords';
import { AppsService } from '../apps/service';
import { ProjectsService } from '../projects/service';

export const DEMO_SETTING = 'demo.project';

export interface DemoRef {
  teamId: string;
  projectId: string;
}

/**
 * Seeds the demo project on an empty platform through the same services the API uses, so
 * a newcomer sees a living console at once. Nobody can sign in as the demo owner: its
 * password is random and never shown.
 */
export async function seedDemo(deps: Deps): Promise<DemoRef | null> {
  const { db, clock } = deps;
  if (await settings.get<DemoRef>(db, DEMO_SETTING)) return null;
  const now = clock.now();
  const passwordHash = await new Passwords(deps.config.argon2MemoryKib).hash(randomBytes(24).toString('base64url'));
  const owner = await db.transaction(async (tx) => {
    const user = await usersRepo.insert(tx, { email: 'demo@wharf.local', displayName: 'Wharf demo', passwordHash, createdAt: now });
    const team = await teamsRepo.insert(tx, { name: 'Wharf demo', siteId: 1, zone: 'china', countryCode: null, userType: 2, mainUserId: user.id, createdAt: now });
    await teamsRepo.addMember(tx, { teamId: team.id, userId: user.id, roles: ['accountHolder'], createdAt: now });
    return { user, team };
  });
  const caller: Caller = { ...ANONYMOUS, kind: 'user', userId: owner.user.id, teamId: owner.team.id, permissions: new Set(PERMISSIONS), roles: ['accountHolder'], team: { mainUserId: owner.user.id, userType: 2 } };
  const project = await new ProjectsService(deps).create(caller, { name: 'Demo project', dataLocation: 'china' });
  const apps = new AppsService(deps);
  await apps.create(caller, { projectId: project.projectId, platform: 'android', name: 'Tipsy', packageName: 'com.dhruv.tipsy', category: 'app', defaultLanguage: 'enUS' });
  await apps.create(caller, { projectId: project.projectId, platform: 'harmony', name: 'ArkTS Calculator', packageName: 'com.samples.arktscalc', category: 'app', defaultLanguage: 'zhCN' });
  const ref = { teamId: owner.team.id, projectId: project.projectId };
  await settings.set(db, DEMO_SETTING, ref, clock.now());
  return ref;
}
