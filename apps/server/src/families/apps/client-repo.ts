import { eq, type Placeholder, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import { recorded } from '../../platform/db/recorded';
import type { DbOrTx } from '../../platform/db/types';
import type { Slots } from '../../platform/db/prepared';
import { appClients, apps } from './tables';

export type AppClientRow = typeof appClients.$inferSelect;

/** An app client with what the access check needs of its app. */
export interface AppClientWithApp extends AppClientRow {
  teamId: string;
  projectId: string;
  packageName: string;
}

export const appClientsRepo = {
  async byApp(db: DbOrTx, appId: string, forUpdate = false): Promise<AppClientRow | undefined> {
    const q = db.select().from(appClients).where(eq(appClients.appId, appId)).limit(1);
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },
  async byClientId(db: DbOrTx, clientId: string): Promise<AppClientWithApp | undefined> {
    const [row] = await db
      .select({ client: appClients, teamId: apps.teamId, projectId: apps.projectId, packageName: apps.packageName })
      .from(appClients)
      .innerJoin(apps, eq(apps.id, appClients.appId))
      .where(eq(appClients.clientId, clientId))
      .limit(1);
    return row ? { ...row.client, teamId: row.teamId, projectId: row.projectId, packageName: row.packageName } : undefined;
  },
  /** The app's client, recorded by `record` in the same statement; undefined (nothing recorded) when the app had one. */
  async insert(db: DbOrTx, row: typeof appClients.$inferInsert, record: (changed: string) => WithSubquery): Promise<AppClientRow | undefined> {
    const [created] = await recorded(db, db.insert(appClients).values(row).onConflictDoNothing({ target: appClients.appId }).returning(), record);
    return created;
  },
  async update(db: DbOrTx, appId: string, set: Partial<typeof appClients.$inferInsert>): Promise<AppClientRow> {
    const [row] = await db.update(appClients).set(set).where(eq(appClients.appId, appId)).returning();
    return row!;
  },
  /** A new app's client, as an unrun insert for the app's creating statement (values are its slots). */
  inserting(db: DbOrTx, slot: Slots<'appId' | 'clientId' | 'secretId' | 'at'>): SQLWrapper {
    return db.insert(appClients).values({ appId: slot.appId, clientId: slot.clientId, keySecretId: slot.secretId, createdAt: slot.at }).returning({ appId: appClients.appId });
  },
  /** The client of an app that goes, as an unrun delete for the app's own statement. */
  removing(db: DbOrTx, appId: string | Placeholder): SQLWrapper {
    return db.delete(appClients).where(eq(appClients.appId, appId)).returning({ appId: appClients.appId });
  },
};
