import { randomUUID } from 'node:crypto';
import type { MessageLanguage } from '@wharf/contract';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PACKAGE_FAILURES, PARSE_STATE, type PackageInfo } from '@wharf/contract';
import { auditActor, auditRowsJson, writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { faultPoint } from '../../platform/fault-points';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { conflict, notFound } from '../../platform/http/errors';
import { checkAgainstApp, failureOfParse, type Failure } from './checks';
import { PackageParseError, parsePackage, type ParsedPackage } from '@wharf/parsers';
import { withLocalCopy } from './local-copy';
import { packagesRepo, type PackageRow } from './repo';
import { PACKAGE_USERS } from './points';
import { type AppsService, appById, lockPackageName } from '../apps/public';
import { type FilesService, fileById } from '../files/public';

export const PARSE_QUEUE = 'package-parse';

export function packageOut(r: PackageRow, lang: MessageLanguage = 'en'): PackageInfo {
  return {
    pkgId: r.id,
    appId: r.appId,
    objectId: r.fileId,
    kind: r.kind as PackageInfo['kind'],
    fileName: r.fileName,
    size: r.size,
    sha256: r.sha256,
    parseState: r.parseState,
    failureCode: r.failureCode,
    failureReason: r.failureReason ? (JSON.parse(r.failureReason) as Record<string, string>)[lang] ?? null : null,
    packageName: r.packageName,
    versionCode: r.versionCode,
    versionName: r.versionName,
    minSdk: r.minSdk,
    targetSdk: r.targetSdk,
    permissions: r.permissions,
    label: r.label,
    debuggable: r.debuggable,
    certificates: r.certificates,
    signingSchemes: r.signingSchemes,
    signatureChanged: r.signatureChanged,
    iconObjectId: r.iconFileId,
    extra: r.extra,
    remark: r.remark,
    createdAt: r.createdAt.toISOString(),
    parsedAt: r.parsedAt?.toISOString() ?? null,
  };
}

export class PackagesService {
  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
    private readonly files: FilesService,
  ) {}

  async add(caller: Caller, input: { appId: string; objectId: string; remark?: string | undefined }, submittedAs?: 'rpks'): Promise<PackageRow> {
    const row = await this.#insert(caller, input, submittedAs);
    await this.deps.jobs.send(PARSE_QUEUE, { pkgId: row.id });
    return row;
  }

  /** Adds and parses at once, without the queue: for seeding, where the result is needed next. */
  async addAndParse(caller: Caller, input: { appId: string; objectId: string; remark?: string | undefined }): Promise<PackageRow> {
    return this.parse((await this.#insert(caller, input)).id);
  }

  async #insert(caller: Caller, input: { appId: string; objectId: string; remark?: string | undefined }, submittedAs?: 'rpks'): Promise<PackageRow> {
    const { db, clock } = this.deps;
    const [, file] = await Promise.all([this.apps.get(caller, input.appId), this.files.get(caller, input.objectId)]);
    const id = randomUUID();
    const audit = { action: 'package.add' as const, teamId: caller.teamId, ...auditActor(caller), targetType: 'package', targetId: id, data: { appId: input.appId, fileName: file.fileName, ...(submittedAs ? { submittedAs } : {}) } };
    // The package and its audit event in one statement, with no transaction around them.
    const row = { id, teamId: caller.teamId!, appId: input.appId, fileId: file.id, fileName: file.fileName, size: file.size, sha256: file.sha256, remark: input.remark ?? null, extra: submittedAs ? { submittedAs } : {}, createdBy: caller.userId, createdAt: clock.now() };
    return packagesRepo.insertUploaded(db, row, auditRowsJson(clock, [audit]));
  }

  async get(caller: Caller, appId: string, pkgId: string): Promise<PackageRow> {
    // Together: the package is read by its app's id, and nothing of it is answered unless the app is the caller's.
    const [, row] = await Promise.all([this.apps.get(caller, appId), packagesRepo.byId(this.deps.db, appId, pkgId)]);
    if (!row) throw notFound();
    return row;
  }

  async setRemark(caller: Caller, appId: string, pkgId: string, remark: string | null): Promise<PackageRow> {
    await this.get(caller, appId, pkgId);
    return packagesRepo.update(this.deps.db, pkgId, { remark });
  }

  async remove(caller: Caller, appId: string, pkgId: string): Promise<void> {
    const { db, clock } = this.deps;
    const row = await this.get(caller, appId, pkgId);
    await db.transaction(async (tx) => {
      // A version's package is its history too (rollback, downloads): it stays while anything names it.
      for (const user of this.deps.extensions.all(PACKAGE_USERS)) {
        const why = await user.usedBy(tx, row.id);
        if (why) throw conflict(why);
      }
      await packagesRepo.remove(tx, row.id);
      await writeAudit(tx, clock, { action: 'package.delete', teamId: caller.teamId, ...auditActor(caller), targetType: 'package', targetId: row.id, data: { appId, fileName: row.fileName } });
    });
  }

  async list(caller: Caller, q: { appId: string; pageSize: number; cursor?: string | undefined; withTotal: boolean }) {
    const after = q.cursor ? decodeCursor(q.cursor) : undefined;
    // The app's check beside the reads of its packages (by its id): on a refusal nothing read is answered.
    const [, rows, total] = await Promise.all([
      this.apps.get(caller, q.appId),
      packagesRepo.page(this.deps.db, q.appId, q.pageSize + 1, after),
      q.withTotal ? packagesRepo.countByApp(this.deps.db, q.appId) : undefined,
    ]);
    const page = pageOf(rows, q.pageSize, (r) => ({ at: r.createdAt, id: r.id }));
    return total === undefined ? page : { ...page, total };
  }

  async processing(caller: Caller, appId: string) {
    const [, rows] = await Promise.all([this.apps.get(caller, appId), packagesRepo.parsing(this.deps.db, appId)]);
    return rows;
  }

  /**
   * The background parse: opens the stored file in place when the store is a local disk
   * (parsers read the central directory and a few entries, never the whole file).
   */
  async parse(pkgId: string): Promise<PackageRow> {
    const row = await packagesRepo.byIdAnyApp(this.deps.db, pkgId);
    if (!row || row.parseState !== PARSE_STATE.parsing) throw new Error(`package ${pkgId} is not waiting to be parsed`);
    return this.#parse(row);
  }

  /**
   * The parse job's work. A package parsed already (its job ran twice: the sweep sends the
   * job again of a package left parsing) or removed since is left as it is.
   */
  async parseQueued(pkgId: string): Promise<void> {
    const row = await packagesRepo.byIdAnyApp(this.deps.db, pkgId);
    if (row?.parseState === PARSE_STATE.parsing) await this.#parse(row);
  }

  async #parse(row: PackageRow): Promise<PackageRow> {
    const { db, clock, storage } = this.deps;
    faultPoint('packages.parse.started');
    const file = await fileById(db, row.fileId);
    const app = await appById(db, row.teamId, row.appId);
    if (!file || !app) return this.fail(row, { code: 9001, text: { zh: '软件包文件或应用已不存在', en: 'The package file or its app no longer exists', ru: 'Файла пакета или его приложения больше нет' } });
    let parsed: ParsedPackage;
    try {
      parsed = await withLocalCopy(storage, file.storageKey, (filePath) => parsePackage(filePath, { fileName: row.fileName }));
    } catch (err) {
      if (err instanceof PackageParseError) return this.fail(row, failureOfParse(err.reason, err.message));
      throw err;
    }
    if (row.extra.submittedAs === 'rpks' && !parsed.extra.rpks) {
      return this.fail(row, { code: PACKAGE_FAILURES.notExpectedKind, text: { zh: '这不是 RPKS 软件包（应为包含多个 RPK 的压缩包）', en: 'This is not an RPKS bundle (a zip of several RPKs)', ru: 'Это не набор RPKS (zip-архив из нескольких RPK)' } });
    }
    const failure = checkAgainstApp(parsed, app);
    const previous = await packagesRepo.previousParsed(db, app.id, row.id);
    const certs = parsed.signing.certificates.map((c) => c.sha256);
    const signatureChanged = Boolean(previous && previous.certificates.length && certs.length && !certs.some((c) => previous.certificates.includes(c)));
    const icon = parsed.icon ? await this.storeIcon(row, parsed.icon.bytes, parsed.icon.mime, parsed.icon.entry) : null;
    faultPoint('packages.parse.afterIcon');
    return db.transaction(async (tx) => {
      const updated = await packagesRepo.finishParse(tx, row.id, {
        kind: parsed.kind,
        packageName: parsed.packageName,
        versionCode: parsed.versionCode,
        versionName: parsed.versionName,
        minSdk: parsed.minSdk,
        targetSdk: parsed.targetSdk,
        permissions: parsed.permissions,
        label: parsed.label,
        debuggable: parsed.debuggable,
        certificates: certs,
        signingSchemes: parsed.signing.schemes,
        signatureChanged,
        iconFileId: icon,
        extra: { ...parsed.extra, ...(row.extra.submittedAs ? { submittedAs: row.extra.submittedAs } : {}) },
        parseState: failure ? PARSE_STATE.failed : PARSE_STATE.parsed,
        failureCode: failure?.code ?? null,
        failureReason: failure ? JSON.stringify(failure.text) : null,
        parsedAt: clock.now(),
      });
      // Another run of this parse finished first: its outcome and audit event stand.
      if (!updated) return this.#current(tx, row);
      // The first good package fixes the app's package name.
      if (!failure) await lockPackageName(this.deps, tx, app, clock.now());
      await writeAudit(tx, clock, { action: failure ? 'package.rejected' : 'package.parsed', teamId: row.teamId, actorKind: 'system', targetType: 'package', targetId: row.id, data: { failureCode: failure?.code ?? null, versionCode: parsed.versionCode } });
      return updated;
    });
  }

  private async fail(row: PackageRow, failure: Failure): Promise<PackageRow> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const updated = await packagesRepo.finishParse(tx, row.id, { parseState: PARSE_STATE.failed, failureCode: failure.code, failureReason: JSON.stringify(failure.text), parsedAt: clock.now() });
      if (!updated) return this.#current(tx, row);
      await writeAudit(tx, clock, { action: 'package.rejected', teamId: row.teamId, actorKind: 'system', targetType: 'package', targetId: row.id, data: { failureCode: failure.code } });
      return updated;
    });
  }

  /** The package as another run of its parse left it (as it was, if removed since). */
  async #current(tx: DbOrTx, row: PackageRow): Promise<PackageRow> {
    return (await packagesRepo.byIdAnyApp(tx, row.id)) ?? row;
  }

  /**
   * A parse that runs out of attempts (it failed, or its process died under it, every
   * time) leaves the package failed with a reason rather than parsing for ever.
   */
  async gaveUp(pkgId: string): Promise<void> {
    const row = await packagesRepo.byIdAnyApp(this.deps.db, pkgId);
    if (!row || row.parseState !== PARSE_STATE.parsing) return;
    await this.fail(row, { code: PACKAGE_FAILURES.unreadable, text: { zh: '软件包多次解析均未完成，请重新上传；如仍失败请联系支持', en: 'Parsing this package did not finish after several attempts; upload it again, and contact support if it keeps failing', ru: 'Разбор пакета не завершился за несколько попыток; загрузите его снова, а если ошибка повторится, обратитесь в поддержку' } });
  }

  /**
   * The icon is stored under the package's id, so a parse retried after a crash replaces
   * a half-stored icon or reuses a stored one instead of leaving copies nobody refers to.
   */
  private async storeIcon(row: PackageRow, bytes: Buffer, mime: string, entry: string): Promise<string> {
    const caller = { teamId: row.teamId, userId: row.createdBy } as Caller;
    const object = await this.files.uploadOnce(caller, row.id, () => Readable.from([bytes]), { fileName: path.basename(entry), contentType: mime, bizTag: 'img' });
    return object.objectId;
  }
}

