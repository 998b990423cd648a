// What other families may use of apps: nothing else of this folder.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { App, Platform } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import { appsRepo, type AppRow } from './repo';
import { appOut, AppsService } from './service';
import { perDeps } from '../../platform/per-deps';
import type { Deps } from '../../platform/deps';
import { packageIndexOf } from './package-index';
import { appRowsOf } from './app-rows';
import { apps } from './tables';

/** Whether any of the apps is in the project (an App administrator's reach into project services). */
export async function projectHoldsAnyApp(db: DbOrTx, projectId: string, appIds: readonly string[]): Promise<boolean> {
  if (!appIds.length) return false;
  const [row] = await db.select({ id: apps.id }).from(apps).where(and(eq(apps.projectId, projectId), inArray(apps.id, [...appIds]))).limit(1);
  return row !== undefined;
}

/** An app's name (for what other families write to its users), or null when there is no such app. */
export async function appName(db: DbOrTx, appId: string): Promise<string | null> {
  const [row] = await db.select({ name: apps.name }).from(apps).where(eq(apps.id, appId)).limit(1);
  return row?.name ?? null;
}

/** Whose an app is: its team and project, or null when there is no such app (for work done without a caller). */
export async function appOwner(db: DbOrTx, appId: string): Promise<{ teamId: string; projectId: string } | null> {
  const [row] = await db.select({ teamId: apps.teamId, projectId: apps.projectId }).from(apps).where(eq(apps.id, appId)).limit(1);
  return row ?? null;
}

/** The apps of these projects with their platform and package name (app links' association files and targets). */
export async function appsOfProjects(db: DbOrTx, projectIds: readonly string[]): Promise<Array<{ appId: string; projectId: string; platform: string; packageName: string }>> {
  if (!projectIds.length) return [];
  return db.select({ appId: apps.id, projectId: apps.projectId, platform: apps.platform, packageName: apps.packageName }).from(apps).where(inArray(apps.projectId, [...projectIds]));
}

/** The team's apps with these package names (any platform), for the Connect API's appid-list. */

/**
 * Every app of the deployment in an app's category and kind (across teams): only for
 * aggregates that keep each app unrecognisable (analytics' industry indicators).
 */
export async function peerApps(db: DbOrTx, appId: string): Promise<{ category: string; kindId: string | null; appIds: string[] } | null> {
  const [app] = await db.select({ category: apps.category, kindId: apps.kindId }).from(apps).where(eq(apps.id, appId)).limit(1);
  if (!app) return null;
  const peers = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.category, app.category), app.kindId === null ? isNull(apps.kindId) : eq(apps.kindId, app.kindId)));
  return { ...app, appIds: peers.map((p) => p.id) };
}

export { AppsService } from './service';

/** The apps service, one per running server (see platform/per-deps.ts). */
export const appsOf = perDeps((deps) => new AppsService(deps));
export { callerApp } from './caller-app';
export type { AppRow } from './repo';
export { appOut } from './service';
/** The apps table, for the foreign keys of an app's own data (cascade on delete). */
export { apps } from './tables';

/** The team's apps (of one project, or of these ids), with what a list of them shows. */
export async function teamApps(db: DbOrTx, teamId: string, only: { projectId?: string | null; appIds?: readonly string[] } = {}): Promise<Array<{ appId: string; name: string; packageName: string; projectId: string }>> {
  if (only.appIds && !only.appIds.length) return [];
  return db
    .select({ appId: apps.id, name: apps.name, packageName: apps.packageName, projectId: apps.projectId })
    .from(apps)
    .where(and(eq(apps.teamId, teamId), only.projectId ? eq(apps.projectId, only.projectId) : undefined, only.appIds ? inArray(apps.id, [...only.appIds]) : undefined))
    .orderBy(apps.name, apps.id);
}

/** The team's app, or undefined (another team's app is not found). */
export const appById = (db: DbOrTx, teamId: string, appId: string): Promise<AppRow | undefined> => appsRepo.byId(db, teamId, appId);

/** The app of a package name on a platform, in any team (package names are unique per platform). */
export const appByPackage = (db: DbOrTx, platform: Platform | string, packageName: string): Promise<AppRow | undefined> => appsRepo.byPackage(db, platform, packageName);

/** These apps, in any team (for queues that span teams: reviewers'). */
export const appsByIds = (db: DbOrTx, appIds: readonly string[]): Promise<AppRow[]> => appsRepo.byIdsAnyTeam(db, [...appIds]);

/** How many apps the team has (only these, for a caller limited to some apps). */
export const countTeamApps = (db: DbOrTx, teamId: string, only?: readonly string[] | null): Promise<number> => appsRepo.count(db, teamId, { only: only ?? null });

/** A project's apps as the console shows them, newest first (at most `limit`). */
export async function projectApps(db: DbOrTx, teamId: string, projectId: string, limit: number): Promise<App[]> {
  return (await appsRepo.page(db, teamId, { projectId }, limit)).map(appOut);
}

/** A package was accepted for the app: its package name can no longer change. */
export async function lockPackageName(deps: Deps, tx: DbOrTx, app: Pick<AppRow, 'id' | 'packageNameLocked'>, now: Date): Promise<void> {
  if (app.packageNameLocked) return;
  await appsRepo.update(tx, app.id, { packageNameLocked: true, updatedAt: now });
  await appRowsOf(deps).changed(tx, [app.id]);
}

/** A verified claim: the holder gives the package name up (taking a placeholder) and the claimant takes it. */
export async function transferPackageName(deps: Deps, tx: DbOrTx, t: { holder: Pick<AppRow, 'id' | 'teamId'>; placeholder: string; claimant: Pick<AppRow, 'id' | 'teamId'>; packageName: string }, now: Date): Promise<void> {
  await appsRepo.update(tx, t.holder.id, { packageName: t.placeholder, packageNameLocked: false, updatedAt: now });
  await appsRepo.update(tx, t.claimant.id, { packageName: t.packageName, updatedAt: now });
  await packageIndexOf(deps).changed(tx, [t.holder.teamId, t.claimant.teamId]);
  await appRowsOf(deps).changed(tx, [t.holder.id, t.claimant.id]);
}

/** The team's apps of these package names, from the instance's index of them (see package-index.ts). */
export const appsByPackageNames = (deps: Deps, teamId: string, packageNames: readonly string[]) => packageIndexOf(deps).lookup(teamId, packageNames);

/** A version of the app went on shelf: it is released, listed, and can no longer be deleted. */
export async function markAppReleased(deps: Deps, tx: DbOrTx, appId: string, now: Date): Promise<void> {
  await appsRepo.update(tx, appId, { everOnShelf: true, listed: true, developStatus: 'released', updatedAt: now });
  await appRowsOf(deps).changed(tx, [appId]);
}

/** The app left the store (taken off shelf): it is no longer listed. */
export async function markAppUnlisted(deps: Deps, tx: DbOrTx, appId: string, now: Date): Promise<void> {
  await appsRepo.update(tx, appId, { listed: false, updatedAt: now });
  await appRowsOf(deps).changed(tx, [appId]);
}
