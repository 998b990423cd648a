// What other families may use of apps: nothing else of this folder.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
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
