import type { GrantedApp } from '@wharf/contract';
import { auditActor, writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { invalidInput, notFound } from '../../platform/http/errors';
import { teamApps } from '../apps/public';
import type { ClientCache } from './client-cache';
import { apiClientsRepo, type ApiClientRow } from './repo';

/**
 * Grant records: the apps a client is limited to. A client with none reaches every app of
 * its team (or project); once it has some, only those: the access check gives them to the
 * caller as its app scope, which every app call already honours.
 */
export class ApiClientGrants {
  constructor(
    private readonly deps: Deps,
    private readonly cache: ClientCache,
  ) {}

  async list(caller: Caller, clientId: string) {
    return this.#answer(await this.#client(caller, clientId));
  }

  async grantable(caller: Caller, clientId: string) {
    const row = await this.#client(caller, clientId);
    const apps = await teamApps(this.deps.db, row.teamId, { projectId: row.projectId });
    return { resources: apps.map((a): GrantedApp => ({ ...a, grantedAt: null })) };
  }

  async grant(caller: Caller, clientId: string, appIds: string[]) {
    const { db, clock } = this.deps;
    const row = await this.#client(caller, clientId);
    const wanted = [...new Set(appIds)];
    const reachable = await teamApps(db, row.teamId, { projectId: row.projectId, appIds: wanted });
    const missing = wanted.filter((id) => !reachable.some((a) => a.appId === id));
    if (missing.length) {
      throw invalidInput({ zh: `参数不合法：appIds 中有不属于该客户端范围的应用：${missing.join(', ')}`, en: `Invalid input: appIds: not apps this client can reach: ${missing.join(', ')}`, ru: `Недопустимые параметры: appIds: приложения вне досягаемости клиента: ${missing.join(', ')}` });
    }
    await db.transaction(async (tx) => {
      await apiClientsRepo.grant(tx, row.id, wanted, clock.now());
      await writeAudit(tx, clock, { action: 'api-clients.grant', teamId: row.teamId, ...auditActor(caller), targetType: 'api-client', targetId: row.clientId, data: { name: row.name, appIds: wanted } });
      await this.cache.changed(tx, row.clientId);
    });
    return this.#answer(row);
  }

  async revoke(caller: Caller, clientId: string, appId: string) {
    const { db, clock } = this.deps;
    const row = await this.#client(caller, clientId);
    await db.transaction(async (tx) => {
      if (!(await apiClientsRepo.revokeGrant(tx, row.id, appId))) throw notFound({ zh: '该客户端没有这个应用的授权', en: 'The client has no grant for this app', ru: 'У клиента нет доступа к этому приложению' });
      await writeAudit(tx, clock, { action: 'api-clients.revokeGrant', teamId: row.teamId, ...auditActor(caller), targetType: 'api-client', targetId: row.clientId, data: { name: row.name, appId } });
      await this.cache.changed(tx, row.clientId);
    });
    return this.#answer(row);
  }

  /** Where the console manages the client's grants. */
  url(origin: string, clientId: string) {
    return { url: `${origin}/#/team/users?tab=api-keys&client=${encodeURIComponent(clientId)}` };
  }

  async #client(caller: Caller, clientId: string): Promise<ApiClientRow> {
    const row = await apiClientsRepo.inTeam(this.deps.db, caller.teamId!, clientId);
    if (!row) throw notFound({ zh: '没有这个 API 客户端', en: 'There is no such API client', ru: 'Такого API-клиента нет' });
    return row;
  }

  async #answer(row: ApiClientRow) {
    const { db } = this.deps;
    const granted = await apiClientsRepo.grants(db, row.id);
    const apps = await teamApps(db, row.teamId, { appIds: granted.map((g) => g.appId) });
    const at = new Map(granted.map((g) => [g.appId, g.createdAt.toISOString()]));
    return { resources: apps.map((a): GrantedApp => ({ ...a, grantedAt: at.get(a.appId) ?? null })), limited: granted.length > 0 };
  }
}
