import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { forbidden, notFound } from '../../platform/http/errors';
import { appRow } from './app-rows';
import type { AppRow } from './repo';

/**
 * An app of the caller's team that the caller may work on: 404 for another team's app (or
 * none), 403 for an App administrator's app outside their apps. Every `app:` call asks this;
 * outside a transaction the row may come from the instance's cache (app-rows.ts).
 */
export async function callerApp(db: DbOrTx, caller: Caller, appId: string): Promise<AppRow> {
  const row = await appRow(db, caller.teamId!, appId);
  if (!row) throw notFound();
  if (caller.appScope && !caller.appScope.includes(appId)) {
    throw forbidden({ zh: '您不是该应用的管理员', en: 'This app is not one of the apps you administer', ru: 'Это приложение не из тех, которыми вы управляете' });
  }
  return row;
}
