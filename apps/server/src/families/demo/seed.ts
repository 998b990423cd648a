import { randomBytes } from 'node:crypto';
import { PERMISSIONS } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { ANONYMOUS, type Caller } from '../../platform/http/access';
import { settings } from '../../platform/settings';
import { createTeamHolder, teamById } from '../accounts/public';
import { Passwords } from '../../platform/passwords';
import { seedDemoReleases } from './releases';
import { appsOf } from '../apps/public';
import { projectsOf } from '../projects/public';

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
  const seeded = await settings.get<DemoRef>(db, DEMO_SETTING);
  if (seeded) {
    // A demo seeded before its releases existed (or without the samples then) gets them now.
    const team = await teamById(db, seeded.teamId);
    if (team) await seedDemoReleases(deps, ownerCaller(team.mainUserId, team.id, team.siteId), team.id);
    return null;
  }
  const now = clock.now();
  const passwordHash = await new Passwords(deps.config.argon2MemoryKib).hash(randomBytes(24).toString('base64url'));
  const owner = await db.transaction((tx) =>
    createTeamHolder(tx, { email: 'demo@wharf.local', displayName: 'Wharf demo', passwordHash }, { name: 'Wharf demo', siteId: 1, zone: 'china', countryCode: null, userType: 2 }, now),
  );
  const caller = ownerCaller(owner.user.id, owner.team.id, owner.team.siteId);
  const project = await projectsOf(deps).create(caller, { name: 'Demo project', dataLocation: 'china' });
  const apps = appsOf(deps);
  await apps.create(caller, { projectId: project.projectId, platform: 'android', name: 'Tipsy', packageName: 'com.dhruv.tipsy', category: 'app', defaultLanguage: 'enUS' });
  await apps.create(caller, { projectId: project.projectId, platform: 'harmony', name: 'ArkTS Calculator', packageName: 'com.samples.arktscalc', category: 'app', defaultLanguage: 'zhCN' });
  const ref = { teamId: owner.team.id, projectId: project.projectId };
  await settings.set(db, DEMO_SETTING, ref, clock.now());
  await seedDemoReleases(deps, caller, owner.team.id);
  return ref;
}

/** The demo team's account holder, as the services see a signed-in caller. */
function ownerCaller(userId: string, teamId: string, siteId: number): Caller {
  return { ...ANONYMOUS, kind: 'user', userId, teamId, permissions: new Set(PERMISSIONS), roles: ['accountHolder'], team: { mainUserId: userId, userType: 2, siteId } };
}
