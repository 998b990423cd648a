import type { ApiClient, ApiClientRole, ApiClientType, ServiceAccountKeyFile } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { AppError, conflict, invalidInput, notFound } from '../../platform/http/errors';
import { projectFacts } from '../projects/public';
import type { ClientCache } from './client-cache';
import { keyFileOf, newClientId, newKeyPair } from './keys';
import { apiClientsRepo, type ApiClientKeyRow, type ApiClientRow, type ClientFilter } from './repo';
import type { BearerTokens } from './tokens';

/** As AppGallery Connect: at most 100 clients a team, and a few keys per service account. */
export const MAX_CLIENTS_PER_TEAM = 100;
export const MAX_KEYS_PER_ACCOUNT = 10;
/** How long the secret before a rotation still works, so running jobs can be given the new one. */
export const SECRET_OVERLAP_MS = 86_400_000;

/** A project-level client's secret goes with its project (whose deletion removes what it owns), a team-level one's with the team. */
const secretOwner = (row: ApiClientRow) => (row.projectId ? { scope: 'project' as const, scopeId: row.projectId } : { scope: 'team' as const, scopeId: row.teamId });
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const noClient = () => notFound({ zh: '没有这个 API 客户端', en: 'There is no such API client', ru: 'Такого API-клиента нет' });

/** A team's API clients and service accounts: the access check has tied the team to the caller. */
export class ApiClientsService {
  constructor(
    private readonly deps: Deps,
    private readonly cache: ClientCache,
    private readonly tokens: BearerTokens,
  ) {}

  async list(caller: Caller, q: ClientFilter & { pageSize: number; cursor?: string | undefined; withTotal: boolean }) {
    const { db } = this.deps;
    const teamId = caller.teamId!;
    const rows = await apiClientsRepo.page(db, teamId, q, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    const items = await this.#out(db, page);
    return { items, nextCursor, ...(q.withTotal ? { total: await apiClientsRepo.count(db, teamId, q) } : {}) };
  }

  async get(caller: Caller, clientId: string) {
    const row = await this.#find(this.deps.db, caller, clientId);
    return { client: (await this.#out(this.deps.db, [row]))[0]! };
  }

  async create(caller: Caller, input: { name: string; role: ApiClientRole; type: ApiClientType; projectId: string | null }, tokenUri: string) {
    const { db, clock, secrets } = this.deps;
    const teamId = caller.teamId!;
    if (input.projectId && !(await projectFacts(db, teamId, input.projectId))) throw notFound({ zh: '团队中没有这个项目', en: 'The team has no such project', ru: 'В команде нет такого проекта' });
    const key = input.type === 'service-account' ? await newKeyPair() : null;
    return db.transaction(async (tx) => {
      if ((await apiClientsRepo.count(tx, teamId, {})) >= MAX_CLIENTS_PER_TEAM) {
        throw conflict({ zh: `一个团队最多 ${MAX_CLIENTS_PER_TEAM} 个 API 客户端`, en: `A team has at most ${MAX_CLIENTS_PER_TEAM} API clients`, ru: `У команды не больше ${MAX_CLIENTS_PER_TEAM} API-клиентов` });
      }
      const now = clock.now();
      const row = await apiClientsRepo.insert(tx, { clientId: newClientId(), teamId, projectId: input.projectId, name: input.name, type: input.type, role: input.role, tokensValidFrom: now, createdBy: caller.userId, createdAt: now });
      if (!row) throw this.#taken(input.name);
      let clientSecret: string | undefined;
      let keyFile: ServiceAccountKeyFile | undefined;
      let stored = row;
      if (key) {
        await apiClientsRepo.insertKey(tx, { keyId: key.keyId, clientRowId: row.id, publicKey: key.publicKey, createdAt: now });
        keyFile = keyFileOf(key, row.clientId, row.projectId, tokenUri);
      } else {
        const made = await secrets.create(tx, { ...secretOwner(row), name: `apiClient:${row.id}`, kind: 'verifiable' });
        clientSecret = made.value.reveal();
        stored = (await apiClientsRepo.update(tx, row.id, { secretId: made.secret.id }))!;
      }
      await this.#audit(tx, caller, 'api-clients.create', stored, { type: input.type, role: input.role, projectId: input.projectId });
      return { client: (await this.#out(tx, [stored]))[0]!, ...(clientSecret ? { clientSecret } : {}), ...(keyFile ? { keyFile } : {}) };
    });
  }

  async update(caller: Caller, input: { clientId: string; name?: string | undefined; role?: ApiClientRole | undefined; resetSecret?: 'keep-old-for-a-day' | 'revoke-old-now' | undefined }) {
    const { db, clock, secrets } = this.deps;
    return db.transaction(async (tx) => {
      const row = await this.#find(tx, caller, input.clientId, true);
      const now = clock.now();
      let updated = row;
      if (input.name !== undefined || input.role !== undefined) {
        updated = (await apiClientsRepo.update(tx, row.id, { name: input.name ?? row.name, role: input.role ?? row.role })) ?? this.#throwTaken(input.name!);
        await this.#audit(tx, caller, 'api-clients.update', updated, { before: { name: row.name, role: row.role }, after: { name: updated.name, role: updated.role } });
      }
      let clientSecret: string | undefined;
      if (input.resetSecret) {
        if (row.type !== 'api-client' || !row.secretId) throw invalidInput({ zh: '服务账号没有密钥，请为其新增密钥对', en: 'A service account has no secret: add a key pair instead', ru: 'У сервисного аккаунта нет секрета: добавьте ему пару ключей' });
        if (row.previousSecretId) await secrets.remove(tx, row.previousSecretId);
        const made = await secrets.create(tx, { ...secretOwner(row), name: `apiClient:${row.id}:${now.getTime()}`, kind: 'verifiable' });
        clientSecret = made.value.reveal();
        const keepOld = input.resetSecret === 'keep-old-for-a-day';
        if (!keepOld) await secrets.remove(tx, row.secretId);
        updated = (await apiClientsRepo.update(tx, row.id, {
          secretId: made.secret.id,
          previousSecretId: keepOld ? row.secretId : null,
          previousSecretUntil: keepOld ? new Date(now.getTime() + SECRET_OVERLAP_MS) : null,
          ...(keepOld ? {} : { tokensValidFrom: now }),
        }))!;
        await this.#audit(tx, caller, 'api-clients.secretReset', updated, { oldSecret: keepOld ? 'accepted for a day' : 'revoked' });
      }
      await this.cache.changed(tx, row.clientId);
      return { client: (await this.#out(tx, [updated]))[0]!, ...(clientSecret ? { clientSecret } : {}) };
    });
  }

  async remove(caller: Caller, clientId: string) {
    const { db, secrets } = this.deps;
    await db.transaction(async (tx) => {
      const row = await this.#find(tx, caller, clientId, true);
      for (const id of [row.secretId, row.previousSecretId]) if (id) await secrets.remove(tx, id);
      await apiClientsRepo.remove(tx, row.id);
      await this.#audit(tx, caller, 'api-clients.delete', row, { type: row.type });
      await this.cache.changed(tx, row.clientId);
    });
    return {};
  }

  async addKey(caller: Caller, clientId: string, tokenUri: string) {
    const { db, clock } = this.deps;
    const key = await newKeyPair();
    return db.transaction(async (tx) => {
      const row = await this.#serviceAccount(tx, caller, clientId);
      if ((await apiClientsRepo.keysOf(tx, [row.id])).length >= MAX_KEYS_PER_ACCOUNT) {
        throw conflict({ zh: `一个服务账号最多 ${MAX_KEYS_PER_ACCOUNT} 个密钥`, en: `A service account has at most ${MAX_KEYS_PER_ACCOUNT} keys`, ru: `У сервисного аккаунта не больше ${MAX_KEYS_PER_ACCOUNT} ключей` });
      }
      await apiClientsRepo.insertKey(tx, { keyId: key.keyId, clientRowId: row.id, publicKey: key.publicKey, createdAt: clock.now() });
      await this.#audit(tx, caller, 'api-clients.keyCreate', row, { keyId: key.keyId });
      return { client: (await this.#out(tx, [row]))[0]!, keyFile: keyFileOf(key, row.clientId, row.projectId, tokenUri) };
    });
  }

  async removeKey(caller: Caller, clientId: string, keyId: string) {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.#serviceAccount(tx, caller, clientId);
      if (!(await apiClientsRepo.removeKey(tx, row.id, keyId))) throw notFound({ zh: '服务账号没有这个密钥', en: 'The service account has no such key', ru: 'У сервисного аккаунта нет такого ключа' });
      await this.#audit(tx, caller, 'api-clients.keyDelete', row, { keyId });
      await this.cache.changed(tx, row.clientId);
      return { client: (await this.#out(tx, [row]))[0]! };
    });
  }

  async publicKey(caller: Caller, clientId: string, keyId: string) {
    const row = await this.#serviceAccount(this.deps.db, caller, clientId);
    const key = (await apiClientsRepo.keysOf(this.deps.db, [row.id])).find((k) => k.keyId === keyId);
    if (!key) throw notFound({ zh: '服务账号没有这个密钥', en: 'The service account has no such key', ru: 'У сервисного аккаунта нет такого ключа' });
    return { keyId, algorithm: 'RS256' as const, publicKey: key.publicKey };
  }

  /** Who the calling credentials are. */
  async brief(caller: Caller) {
    const known = await this.cache.client(caller.clientId!);
    if (!known) throw new AppError('apiClientInvalid');
    const { row } = known;
    return { clientId: row.clientId, name: row.name, type: row.type as ApiClientType, role: row.role as ApiClientRole, teamId: row.teamId, projectId: row.projectId };
  }

  /** `client_credentials`: an access token for a client's ID and current secret (or the one before, for a day). */
  async token(clientId: string, secret: string) {
    const known = /^\d{6,32}$/.test(clientId) ? await this.cache.client(clientId) : undefined;
    const now = this.deps.clock.now().getTime();
    const previousValid = known?.previousSecret && known.row.previousSecretUntil && known.row.previousSecretUntil.getTime() > now;
    const ok = known && known.row.type === 'api-client' && (known.secret?.(secret) || (previousValid && known.previousSecret!(secret)));
    if (!ok) throw new AppError('apiClientInvalid', { zh: '客户端 ID 或密钥不正确', en: 'The client ID or secret is wrong', ru: 'Неверный ID клиента или секрет' });
    return { ...(await this.tokens.issue(known.row.clientId)), token_type: 'Bearer' as const };
  }

  async #find(db: DbOrTx, caller: Caller, clientId: string, lock = false): Promise<ApiClientRow> {
    const row = await apiClientsRepo.inTeam(db, caller.teamId!, clientId, lock);
    if (!row) throw noClient();
    return row;
  }

  async #serviceAccount(db: DbOrTx, caller: Caller, clientId: string): Promise<ApiClientRow> {
    const row = await this.#find(db, caller, clientId, true);
    if (row.type !== 'service-account') throw invalidInput({ zh: '只有服务账号使用密钥对', en: 'Only a service account has key pairs', ru: 'Пары ключей бывают только у сервисного аккаунта' });
    return row;
  }

  #taken(name: string) {
    return conflict({ zh: `团队中已有名为“${name}”的 API 客户端`, en: `The team already has an API client named "${name}"`, ru: `В команде уже есть API-клиент «${name}»` });
  }

  #throwTaken(name: string): never {
    throw this.#taken(name);
  }

  async #audit(tx: DbOrTx, caller: Caller, action: 'api-clients.create' | 'api-clients.delete' | 'api-clients.update' | 'api-clients.secretReset' | 'api-clients.keyCreate' | 'api-clients.keyDelete', row: ApiClientRow, data: Record<string, unknown>) {
    await writeAudit(tx, this.deps.clock, { action, teamId: row.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'api-client', targetId: row.clientId, data: { name: row.name, ...data } });
  }

  async #out(db: DbOrTx, rows: ApiClientRow[]): Promise<ApiClient[]> {
    const keys = await apiClientsRepo.keysOf(db, rows.map((r) => r.id));
    const hints = new Map<string, string>();
    for (const r of rows) if (r.secretId) hints.set(r.id, (await this.deps.secrets.describe(db, r.secretId))?.hint ?? '');
    const projectNames = new Map<string, string>();
    for (const r of rows) if (r.projectId && !projectNames.has(r.projectId)) projectNames.set(r.projectId, (await projectFacts(db, r.teamId, r.projectId))?.name ?? '');
    const now = this.deps.clock.now().getTime();
    return rows.map((r) => ({
      clientId: r.clientId,
      name: r.name,
      type: r.type as ApiClientType,
      role: r.role as ApiClientRole,
      projectId: r.projectId,
      projectName: r.projectId ? (projectNames.get(r.projectId) ?? null) : null,
      secretHint: hints.get(r.id) ?? '',
      previousSecretUntil: r.previousSecretUntil && r.previousSecretUntil.getTime() > now ? r.previousSecretUntil.toISOString() : null,
      keys: keys.filter((k: ApiClientKeyRow) => k.clientRowId === r.id).map((k) => ({ keyId: k.keyId, createdAt: k.createdAt.toISOString(), lastUsedAt: iso(k.lastUsedAt) })),
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: iso(r.lastUsedAt),
    }));
  }
}
