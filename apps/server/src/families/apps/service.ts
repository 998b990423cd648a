import { randomUUID } from 'node:crypto';
import type { App, Platform } from '@wharf/contract';
import { checkAppName, checkPackageName, languageByKey, siteIdOfZone } from '@wharf/rules';
import { auditRowsJson, writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db/errors';
import { preparedStatement, type Slots } from '../../platform/db/prepared';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { AppError, notFound } from '../../platform/http/errors';
import { projectFacts } from '../projects/public';
import { callerApp } from './caller-app';
import { appClientGoneNotice, creatingAppClient, newAppClient, removingAppClient, type NewClientSlot } from './client';
import { appClientsRepo } from './client-repo';
import { forgetAppClientHere } from './client-cache';
import { appsRepo, type AppEdit, type AppFilter, type AppRow, type EditSlot, type NewAppSlot } from './repo';
import { appRowsOf } from './app-rows';
import { appNameResult, packageNameResult, type CheckResult } from './messages';
import { packageIndexOf } from './package-index';

export function appOut(r: AppRow): App {
  return {
    appId: r.id,
    projectId: r.projectId,
    platform: r.platform as Platform,
    name: r.name,
    names: r.names,
    packageName: r.packageName,
    category: r.category as App['category'],
    kindId: r.kindId,
    defaultLanguage: r.defaultLanguage,
    developStatus: r.developStatus as App['developStatus'],
    packageNameLocked: r.packageNameLocked,
    everOnShelf: r.everOnShelf,
    developerWebsite: r.developerWebsite,
    supportEmail: r.supportEmail,
    supportPhone: r.supportPhone,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export class AppsService {
  /**
   * An app's deletion, prepared once per database (platform/db/prepared.ts): the app, every
   * family's clean-up, its client and keys, the audit event and both notices, with no
   * transaction. Building it was most of a deletion's CPU, and PostgreSQL planned it each time.
   */
  private readonly removal;
  /** An app's creation, prepared once the same way: the app, its client and key, both audit events and the notice. */
  private readonly creation;
  /** An app's edit, prepared once the same way: every shape of edit, its audit event and the notice. */
  private readonly edit;

  constructor(private readonly deps: Deps) {
    this.creation = preparedStatement('apps_create', (db, slot: Slots<NewAppSlot | NewClientSlot | 'audits' | 'teamNotice'>) =>
      appsRepo.inserting(db, slot, creatingAppClient(deps, db, slot), [deps.pubsub.notifyingFrom(slot.teamNotice)]),
    );
    this.removal = preparedStatement('apps_remove', (db, slot: Slots<'appId' | 'at' | 'audits' | 'teamNotice' | 'clientNotice' | 'appNotice'>) =>
      appsRepo.removing(db, slot, [...deps.lifecycle.appRemovingWrites(db, slot.appId, slot.at), ...removingAppClient(deps, db, slot.appId)], [deps.pubsub.notifyingFrom(slot.teamNotice), deps.pubsub.notifyingFrom(slot.clientNotice), deps.pubsub.notifyingFrom(slot.appNotice)]),
    );
    this.edit = preparedStatement('apps_update_fields', (db, slot: Slots<EditSlot | 'appNotice'>) => appsRepo.editing(db, slot, [deps.pubsub.notifyingFrom(slot.appNotice)]));
  }

  /** An app of the caller's team that the caller may work on; 404 for other teams' apps. */
  async get(caller: Caller, appId: string): Promise<AppRow> {
    return callerApp(this.deps.db, caller, appId);
  }

  async checkPackageName(platform: Platform, packageName: string, exceptAppId?: string): Promise<CheckResult> {
    const rule = checkPackageName(packageName);
    if (rule) return packageNameResult(rule);
    const holder = await appsRepo.byPackage(this.deps.db, platform, packageName);
    return packageNameResult(holder && holder.id !== exceptAppId ? 'taken' : null);
  }

  async checkName(name: string, exceptAppId?: string): Promise<CheckResult> {
    const rule = checkAppName(name);
    if (rule) return appNameResult(rule);
    return appNameResult((await appsRepo.nameTaken(this.deps.db, name.trim(), exceptAppId)) ? 'taken' : null);
  }

  /** The same checks the console runs live, run again before any change. */
  private async assertUsable(platform: Platform, packageName: string | null, name: string | null, exceptAppId?: string): Promise<void> {
    const results = await Promise.all([...(packageName !== null ? [this.checkPackageName(platform, packageName, exceptAppId)] : []), ...(name !== null ? [this.checkName(name, exceptAppId)] : [])]);
    const refused = results.find((r) => !r.available);
    if (refused) throw new AppError(refused.reason === 'taken' ? 'conflict' : 'invalidInput', refused.text);
  }

  async create(caller: Caller, input: { projectId: string; platform: Platform; name: string; packageName: string; category: 'app' | 'game'; defaultLanguage: string }): Promise<App> {
    const { db, clock } = this.deps;
    if (!languageByKey(input.defaultLanguage)) {
      throw new AppError('invalidInput', { zh: '参数不合法：默认语言不在语言目录中', en: 'Invalid input: the default language is not in the language catalogue', ru: 'Недопустимые параметры: языка по умолчанию нет в каталоге языков' });
    }
    // The checks and the project are read together; a refused name is said before a missing project.
    const [usable, project] = await Promise.allSettled([this.assertUsable(input.platform, input.packageName, input.name), projectFacts(db, caller.teamId!, input.projectId)]);
    if (usable.status === 'rejected') throw usable.reason;
    if (project.status === 'rejected') throw project.reason;
    if (!project.value) throw notFound({ zh: '项目不存在', en: 'No such project', ru: 'Такого проекта нет' });
    const now = clock.now();
    const id = randomUUID();
    // The app, its client and key, both audit events and the notice to other instances are
    // one statement (no transaction), prepared once; the unique index settles a race between
    // two creators of the same package name.
    const client = newAppClient(this.deps, id, caller);
    const audits = [{ action: 'app.create' as const, teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: id, data: { name: input.name, packageName: input.packageName, platform: input.platform } }, client.audit];
    const index = packageIndexOf(this.deps);
    const values = { ...input, appId: id, teamId: caller.teamId!, names: { [input.defaultLanguage]: input.name }, at: now, ...client.values, audits: auditRowsJson(clock, audits), teamNotice: index.changingNotice([caller.teamId!]) };
    const [row] = await this.creation(db, values).catch((err: unknown) => {
      if (isUniqueViolation(err)) {
        throw new AppError('conflict', { zh: '该平台上已有应用使用此包名', en: 'Another app on this platform uses this package name', ru: 'Это имя пакета уже использует другое приложение на этой платформе' });
      }
      throw err;
    });
    index.forgetHere(row!.teamId);
    return appOut(row!);
  }

  async update(caller: Caller, appId: string, set: { names?: Record<string, string> | undefined; kindId?: string | null | undefined; developerWebsite?: string | null | undefined; supportEmail?: string | null | undefined; supportPhone?: string | null | undefined }): Promise<App> {
    const { clock } = this.deps;
    const row = await this.get(caller, appId);
    for (const key of Object.keys(set.names ?? {})) {
      if (!languageByKey(key)) throw new AppError('invalidInput', { zh: `参数不合法：语言 ${key} 不在语言目录中`, en: `Invalid input: the language ${key} is not in the catalogue`, ru: `Недопустимые параметры: языка ${key} нет в каталоге` });
    }
    // The default language does not change here, so the app's name follows from the edit alone.
    const name = set.names?.[row.defaultLanguage];
    // A new name only: the app's package name is its own already. Its form is checked here,
    // whether a listed app has it by the statement itself.
    const checkName = name !== undefined && name !== row.name ? name.trim() : undefined;
    const rule = checkName !== undefined ? checkAppName(name!) : null;
    if (rule) throw new AppError('invalidInput', appNameResult(rule).text);
    const audit = { action: 'app.update' as const, teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { fields: Object.keys(set) } };
    const updated = await this.editRow(appId, { ...set, name, checkName, updatedAt: clock.now() }, auditRowsJson(clock, [audit]));
    if (updated) return appOut(updated);
    // Nothing changed, nothing recorded: the name is a listed app's, or the app was deleted since it was read.
    if (checkName !== undefined) await this.assertUsable(row.platform as Platform, null, name!, row.id);
    throw notFound();
  }

  /**
   * The edit's one statement: every instance forgets the app once it commits; this one
   * keeps the row it answered (app-rows.ts). Undefined: no such app, or a listed app has
   * the new name.
   */
  async editRow(appId: string, edit: AppEdit, audits: string): Promise<AppRow | undefined> {
    const change = appRowsOf(this.deps).writing(appId);
    let row: AppRow | undefined;
    try {
      [row] = await this.edit(this.deps.db, { ...appsRepo.editValues(appId, edit, audits), appNotice: change.notice });
    } finally {
      change.written(row);
    }
    return row;
  }

  async remove(caller: Caller, appId: string): Promise<void> {
    const { db, clock } = this.deps;
    const [row, client] = await Promise.all([this.get(caller, appId), appClientsRepo.byApp(db, appId)]);
    if (row.everOnShelf) {
      throw new AppError('conflict', { zh: '应用曾经上架，不能删除，只能下架', en: 'An app that was ever on shelf cannot be deleted; take it off shelf instead', ru: 'Приложение, которое уже было в продаже, удалить нельзя; снимите его с продажи' });
    }
    const audit = { action: 'app.delete' as const, teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { name: row.name, packageName: row.packageName } };
    // An app deleted since it was read: nothing removed, nothing recorded, nothing sent.
    const clientId = client?.clientId ?? null;
    const index = packageIndexOf(this.deps);
    const change = appRowsOf(this.deps).writing(appId);
    const removed = await this.removal(db, { appId, at: clock.now().toISOString(), audits: auditRowsJson(clock, [audit]), teamNotice: index.changingNotice([row.teamId]), clientNotice: appClientGoneNotice(this.deps, clientId), appNotice: change.notice }).finally(() => change.written(undefined));
    index.forgetHere(row.teamId);
    if (clientId) forgetAppClientHere(this.deps, clientId);
    if (!removed.length) throw notFound();
  }

  async changePackageName(caller: Caller, appId: string, packageName: string): Promise<App> {
    const { db, clock } = this.deps;
    const row = await this.get(caller, appId);
    if (row.packageNameLocked) {
      throw new AppError('conflict', { zh: '已上传软件包，包名不能再修改', en: 'A package was uploaded; the package name can no longer change', ru: 'Пакет уже загружен; имя пакета больше нельзя изменить' });
    }
    await this.assertUsable(row.platform as Platform, packageName, null, row.id);
    return db.transaction(async (tx) => {
      const updated = await appsRepo.update(tx, appId, { packageName, updatedAt: clock.now() });
      await packageIndexOf(this.deps).changed(tx, [row.teamId]);
      await appRowsOf(this.deps).changed(tx, [appId]);
      await writeAudit(tx, clock, { action: 'app.packageName', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { before: row.packageName, after: packageName } });
      return appOut(updated);
    });
  }

  async setDevelopStatus(caller: Caller, appId: string, developStatus: App['developStatus']): Promise<App> {
    const { db, clock } = this.deps;
    const row = await this.get(caller, appId);
    return db.transaction(async (tx) => {
      const updated = await appsRepo.update(tx, appId, { developStatus, updatedAt: clock.now() });
      await appRowsOf(this.deps).changed(tx, [appId]);
      await writeAudit(tx, clock, { action: 'app.developStatus', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'app', targetId: appId, data: { before: row.developStatus, after: developStatus } });
      return appOut(updated);
    });
  }

  async list(caller: Caller, q: AppFilter & { pageSize: number; cursor?: string | undefined; withTotal: boolean }) {
    const { db } = this.deps;
    const filter: AppFilter = { ...q, only: caller.appScope };
    const rows = await appsRepo.page(db, caller.teamId!, filter, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    return { items: page.map(appOut), nextCursor, ...(q.withTotal ? { total: await appsRepo.count(db, caller.teamId!, filter) } : {}) };
  }

  async location(caller: Caller, appId: string) {
    const row = await this.get(caller, appId);
    const project = (await projectFacts(this.deps.db, caller.teamId!, row.projectId))!;
    const zone = project.dataLocation;
    return { appId, projectId: project.projectId, teamId: row.teamId, dataLocation: zone, siteId: siteIdOfZone(zone) };
  }
}
