import { randomInt, randomUUID } from 'node:crypto';
import type { AppClient } from '@wharf/contract';
import { ZONES, type Zone } from '@wharf/rules';
import type { Placeholder, SQLWrapper } from 'drizzle-orm';
import { auditWith, writeAudit, type AuditEvent } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import type { Slots } from '../../platform/db/prepared';
import type { NewSecretSlot } from '../../platform/secrets';
import type { Caller } from '../../platform/http/access';
import { projectFacts } from '../projects/public';
import { APP_CLIENT_CHANGED, forgetAppClientHere } from './client-cache';
import { appClientsRepo, type AppClientRow } from './client-repo';
import type { AppRow } from './repo';
import type { AppsService } from './service';


/** AppGallery Connect's client IDs are long decimal numbers; so are these (18 digits). */
const newClientId = () => `${randomInt(100_000_000, 1_000_000_000)}${randomInt(100_000_000, 1_000_000_000)}`;
const keyName = () => `apiKey.${randomUUID()}`;

type Audited = Pick<Caller, 'teamId' | 'userId' | 'ip'>;

/** The app's client, issued in the caller's transaction if the app has none yet. */
export async function ensureAppClient(deps: Deps, tx: DbOrTx, appId: string, by: Audited, o: { newApp?: boolean } = {}): Promise<AppClientRow> {
  // An app created in this transaction has no client yet: no need to look.
  const existing = o.newApp ? undefined : await appClientsRepo.byApp(tx, appId);
  if (existing) return existing;
  const { secret } = await deps.secrets.create(tx, { scope: 'app', scopeId: appId, name: keyName(), kind: 'revealable' });
  const clientId = newClientId();
  const audit = { action: 'app.clientCreate' as const, teamId: by.teamId, actorId: by.userId, ip: by.ip, targetType: 'app', targetId: appId, data: { clientId } };
  const created = await appClientsRepo.insert(tx, { appId, clientId, keySecretId: secret.id, createdAt: deps.clock.now() }, (changed) => auditWith(tx, deps.clock, audit, changed));
  if (!created) {
    await deps.secrets.remove(tx, secret.id);
    return (await appClientsRepo.byApp(tx, appId))!;
  }
  return created;
}

/** What a new app's client takes in the app's creating statement (`creatingAppClient`'s slots). */
export type NewClientSlot = 'clientId' | NewSecretSlot;

/**
 * A new app's client and its key, as unrun writes for the app's creating statement
 * prepared once: the app's id and creation time are its `appId` and `at` slots.
 */
export function creatingAppClient(deps: Deps, db: DbOrTx, slot: Slots<'appId' | 'at' | NewClientSlot>): SQLWrapper[] {
  return [deps.secrets.creating(db, { scope: 'app', kind: 'revealable', scopeId: slot.appId }, slot), appClientsRepo.inserting(db, slot)];
}

/** A new app's client: the values of `creatingAppClient`'s slots, and the audit event that records it. */
export function newAppClient(deps: Deps, appId: string, by: Audited): { values: Record<NewClientSlot, string | Date>; audit: AuditEvent } {
  const clientId = newClientId();
  return {
    values: { clientId, ...deps.secrets.sealing('revealable', keyName()) },
    audit: { action: 'app.clientCreate', teamId: by.teamId, actorId: by.userId, ip: by.ip, targetType: 'app', targetId: appId, data: { clientId } },
  };
}

/**
 * With the app, as parts of its deleting statement: the client and its keys (every secret
 * the app owns). `appId` may be a slot of a statement prepared once.
 */
export function removingAppClient(deps: Deps, db: DbOrTx, appId: string | Placeholder): SQLWrapper[] {
  return [appClientsRepo.removing(db, appId), deps.secrets.removingOwnedBy(db, 'app', appId)];
}

/** The notice that makes instances forget the deleted app's client, for the statement's `clientNotice` slot. */
export function appClientGoneNotice(deps: Deps, clientId: string | null): string | null {
  return clientId ? deps.pubsub.noticeText(APP_CLIENT_CHANGED, { clientId }) : null;
}

/** After the app changed team or project: instances load its client again (as after its deletion). */
export async function forgetAppClient(deps: Deps, tx: DbOrTx, appId: string): Promise<string | null> {
  const row = await appClientsRepo.byApp(tx, appId);
  if (row) await deps.pubsub.publishIn(tx, APP_CLIENT_CHANGED, { clientId: row.clientId });
  return row?.clientId ?? null;
}

/**
 * The app's client credentials: issued with the app (or on first need for apps older than
 * them), restricted, rotated with a grace period, written into the configuration file.
 */
export class AppClients {
  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
  ) {}

  ensure(tx: DbOrTx, app: Pick<AppRow, 'id'>, by: Audited): Promise<AppClientRow> {
    return ensureAppClient(this.deps, tx, app.id, by);
  }

  async describe(caller: Caller, appId: string): Promise<AppClient> {
    const app = await this.apps.get(caller, appId);
    const row = await this.deps.db.transaction((tx) => this.ensure(tx, app, caller));
    return this.out(row);
  }

  async restrict(caller: Caller, appId: string, packageNames: string[], webOrigins: string[]): Promise<AppClient> {
    const { db, clock, pubsub } = this.deps;
    const app = await this.apps.get(caller, appId);
    const unique = (list: string[]) => [...new Set(list)];
    const row = await db.transaction(async (tx) => {
      const client = await this.ensure(tx, app, caller);
      const updated = await appClientsRepo.update(tx, appId, { packageNames: unique(packageNames), webOrigins: unique(webOrigins) });
      await writeAudit(tx, clock, { action: 'app.clientRestrict', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { before: { packageNames: client.packageNames, webOrigins: client.webOrigins }, after: { packageNames: updated.packageNames, webOrigins: updated.webOrigins } } });
      await pubsub.publishIn(tx, APP_CLIENT_CHANGED, { clientId: updated.clientId });
      return updated;
    });
    forgetAppClientHere(this.deps, row.clientId);
    return this.out(row);
  }

  /** A new key; the old one is let in for `graceHours` more (0: refused at once). */
  async rotate(caller: Caller, appId: string, graceHours: number): Promise<AppClient> {
    const { db, clock, pubsub, secrets } = this.deps;
    const app = await this.apps.get(caller, appId);
    const row = await db.transaction(async (tx) => {
      await this.ensure(tx, app, caller);
      const client = (await appClientsRepo.byApp(tx, appId, true))!;
      if (client.previousKeySecretId) await secrets.remove(tx, client.previousKeySecretId);
      const { secret } = await secrets.create(tx, { scope: 'app', scopeId: appId, name: keyName(), kind: 'revealable' });
      const now = clock.now();
      const keepOld = graceHours > 0;
      if (!keepOld) await secrets.remove(tx, client.keySecretId);
      const updated = await appClientsRepo.update(tx, appId, {
        keySecretId: secret.id,
        previousKeySecretId: keepOld ? client.keySecretId : null,
        previousKeyExpiresAt: keepOld ? new Date(now.getTime() + graceHours * 3_600_000) : null,
        keyRotatedAt: now,
      });
      await writeAudit(tx, clock, { action: 'app.clientRotate', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { graceHours } });
      await pubsub.publishIn(tx, APP_CLIENT_CHANGED, { clientId: updated.clientId });
      return updated;
    });
    forgetAppClientHere(this.deps, row.clientId);
    return this.out(row);
  }

  /** The app's `agconnect-services.json`; `origin` is this server as the caller reached it. */
  async configFile(caller: Caller, appId: string, origin: string) {
    const client = await this.describe(caller, appId);
    const app = await this.apps.get(caller, appId);
    const project = (await projectFacts(this.deps.db, app.teamId, app.projectId))!;
    const gateways = this.deps.config.zoneGateways;
    const gateway = (zone: string) => gateways[zone] || `${origin}/agc/edge`;
    const url = gateway(project.dataLocation);
    return {
      fileName: 'agconnect-services.json',
      content: {
        configuration_version: '3.0',
        region: project.dataLocation,
        agcgw: { url, backurl: url },
        agcgw_all: Object.fromEntries(ZONES.map((z: Zone) => [z, gateway(z)])),
        client: {
          cp_id: app.teamId,
          product_id: project.projectId,
          project_id: project.projectId,
          app_id: app.id,
          client_id: client.clientId,
          api_key: client.apiKey,
          package_name: app.packageName,
        },
        // Cloud Storage's device calls are on the user-content origin (AppGallery Connect's file has the same key).
        cloudstorage: { storage_url: this.deps.userContent.url('/storage/v0') },
        service: {},
      },
    };
  }

  private async out(row: AppClientRow): Promise<AppClient> {
    const { db, clock, secrets } = this.deps;
    const expires = row.previousKeyExpiresAt && row.previousKeyExpiresAt > clock.now() ? row.previousKeyExpiresAt : null;
    return {
      appId: row.appId,
      clientId: row.clientId,
      apiKey: (await secrets.reveal(db, row.keySecretId)).reveal(),
      packageNames: row.packageNames,
      webOrigins: row.webOrigins,
      createdAt: row.createdAt.toISOString(),
      keyRotatedAt: row.keyRotatedAt?.toISOString() ?? null,
      previousKeyExpiresAt: expires?.toISOString() ?? null,
    };
  }
}
