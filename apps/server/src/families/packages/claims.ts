import type { MessageLanguage } from '@wharf/contract';
import { inLanguage } from '../../platform/http/language';
import type { PackageClaim } from '@wharf/contract';
import { checkPackageName } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { AppError, notFound, type LocalisedText } from '../../platform/http/errors';
import { withLocalCopy } from './local-copy';
import { PackageParseError, parsePackage } from '@wharf/parsers';
import { packagesRepo, type ClaimRow } from './repo';
import { type AppRow, type AppsService, appById, appByPackage, transferPackageName } from '../apps/public';
import { type FilesService, fileById } from '../files/public';

export const CLAIM_QUEUE = 'package-claim';

type Blocker = { code: 'format' | 'notTaken' | 'ownTeam' | 'appLocked' | 'holderUnsigned' | 'claimOpen' } & LocalisedText;

export function claimOut(r: ClaimRow, lang: MessageLanguage): PackageClaim {
  return {
    claimId: r.id,
    appId: r.appId,
    platform: r.platform,
    packageName: r.packageName,
    objectId: r.fileId,
    state: r.state as PackageClaim['state'],
    certificates: r.certificates,
    certificateMatched: r.certificateMatched,
    reason: inLanguage(r.reason, lang),
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

const OPEN = ['verifying', 'pending'];

/**
 * Package-name claims. A team proves it owns a package name another team's app holds by
 * uploading a package of that name signed with a certificate of the holder's parsed
 * packages. A match moves the name at once when the holder app was never on shelf (nobody
 * installed it under that name); otherwise a reviewer decides, since users of the listed
 * app would be affected.
 */
export class ClaimsService {
  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
    private readonly files: FilesService,
  ) {}

  async blockers(caller: Caller, app: AppRow, packageName: string): Promise<{ blockers: Blocker[]; holder: AppRow | undefined }> {
    const { db } = this.deps;
    const blockers: Blocker[] = [];
    if (checkPackageName(packageName)) {
      blockers.push({ code: 'format', zh: '包名格式不正确', en: 'The package name is not valid (at least three dot-separated parts of letters, digits and _)', ru: 'Недопустимое имя пакета (не меньше трёх частей через точку из букв, цифр и _)' });
      return { blockers, holder: undefined };
    }
    if (app.packageNameLocked) {
      blockers.push({ code: 'appLocked', zh: '该应用已上传过软件包，包名不能再更改', en: "This app's package name is fixed: a package was already uploaded for it", ru: 'Имя пакета этого приложения закреплено: для него уже загружен пакет' });
    }
    const holder = await appByPackage(db, app.platform, packageName);
    if (!holder) blockers.push({ code: 'notTaken', zh: '该包名未被占用，无需认领，直接修改应用包名即可', en: 'No app holds this package name: change the app package name instead of claiming it', ru: 'Это имя пакета не занято: смените имя пакета приложения вместо заявки на него' });
    else if (holder.teamId === caller.teamId) blockers.push({ code: 'ownTeam', zh: '该包名已属于您的团队', en: 'An app of your own team holds this package name', ru: 'Это имя пакета занято приложением вашей же команды' });
    else {
      if (!(await packagesRepo.certificatesOfApp(db, holder.id)).length) {
        blockers.push({ code: 'holderUnsigned', zh: '占用该包名的应用没有可比对签名的软件包，无法认领', en: 'The app holding this name has no parsed, signed package to compare certificates with', ru: 'У приложения с этим именем нет разобранного подписанного пакета для сравнения сертификатов' });
      }
      if (await packagesRepo.openClaim(db, app.platform, packageName)) {
        blockers.push({ code: 'claimOpen', zh: '该包名已有进行中的认领', en: 'A claim of this package name is already open', ru: 'Заявка на это имя пакета уже открыта' });
      }
    }
    return { blockers, holder };
  }

  async check(caller: Caller, appId: string, packageName: string) {
    return (await this.blockers(caller, await this.apps.get(caller, appId), packageName)).blockers;
  }

  async start(caller: Caller, input: { appId: string; packageName: string; objectId: string }): Promise<ClaimRow> {
    const { db, clock, jobs } = this.deps;
    const app = await this.apps.get(caller, input.appId);
    const file = await this.files.get(caller, input.objectId);
    const { blockers, holder } = await this.blockers(caller, app, input.packageName);
    const first = blockers[0];
    if (first) throw new AppError(first.code === 'format' ? 'invalidInput' : 'conflict', first);
    const row = await db
      .transaction(async (tx) => {
        const created = await packagesRepo.insertClaim(tx, {
          teamId: caller.teamId!,
          appId: app.id,
          platform: app.platform,
          packageName: input.packageName,
          fileId: file.id,
          holderTeamId: holder!.teamId,
          holderAppId: holder!.id,
          state: 'verifying',
          createdBy: caller.userId!,
          createdAt: clock.now(),
        });
        await writeAudit(tx, clock, { action: 'package.claim', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'packageClaim', targetId: created.id, data: { appId: app.id, packageName: input.packageName } });
        return created;
      })
      .catch((err: unknown) => {
        // The partial unique index: another claim of the name opened a moment ago.
        if ((err as { code?: string }).code === '23505' || /package_claims_open/.test(String((err as Error).message))) {
          throw new AppError('conflict', { zh: '该包名已有进行中的认领', en: 'A claim of this package name is already open', ru: 'Заявка на это имя пакета уже открыта' });
        }
        throw err;
      });
    await jobs.send(CLAIM_QUEUE, { claimId: row.id });
    return row;
  }

  async get(caller: Caller, claimId: string): Promise<ClaimRow> {
    const row = await packagesRepo.claim(this.deps.db, claimId);
    if (!row || row.teamId !== caller.teamId) throw notFound();
    return row;
  }

  /** The newest claim made for one of the team's apps (the console finds an open claim again after a reload). */
  async newestOfApp(caller: Caller, appId: string): Promise<ClaimRow> {
    const app = await this.apps.get(caller, appId);
    const row = await packagesRepo.newestClaimOfApp(this.deps.db, app.id);
    if (!row || row.teamId !== caller.teamId) throw notFound({ zh: '该应用没有包名认领', en: 'This app has no package-name claim', ru: 'У этого приложения нет заявки на имя пакета' });
    return row;
  }

  async withdraw(caller: Caller, claimId: string): Promise<ClaimRow> {
    const { db, clock } = this.deps;
    const row = await this.get(caller, claimId);
    return db.transaction(async (tx) => {
      const moved = await packagesRepo.moveClaim(tx, row.id, OPEN, { state: 'withdrawn', decidedAt: clock.now(), decidedBy: caller.userId });
      if (!moved) throw stateConflict(row.state);
      await writeAudit(tx, clock, { action: 'package.claimWithdrawn', teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'packageClaim', targetId: row.id, data: { packageName: row.packageName } });
      return moved;
    });
  }

  /** A reviewer's decision on a pending claim. */
  async decide(operator: Caller, claimId: string, approve: boolean, reason?: string): Promise<ClaimRow> {
    const { db, clock } = this.deps;
    const row = await packagesRepo.claim(db, claimId);
    if (!row) throw notFound();
    if (row.state !== 'pending') throw stateConflict(row.state);
    return db.transaction(async (tx) => {
      if (approve) return this.transfer(tx, row, ['pending'], operator);
      const text = reason ? { zh: reason, en: reason } : { zh: '审核人员驳回了认领', en: 'A reviewer rejected the claim', ru: 'Проверяющий отклонил заявку' };
      const moved = await packagesRepo.moveClaim(tx, row.id, ['pending'], { state: 'rejected', reason: text, decidedAt: clock.now(), decidedBy: operator.userId });
      if (!moved) throw stateConflict('changed');
      await writeAudit(tx, clock, { action: 'package.claimRejected', teamId: row.teamId, actorId: operator.userId, ip: operator.ip, actorKind: 'operator', targetType: 'packageClaim', targetId: row.id, data: { reason: text.en } });
      return moved;
    });
  }

  /** The background check: parse the uploaded package and compare its signer with the holder's. */
  async verify(claimId: string): Promise<void> {
    const { db, clock, storage } = this.deps;
    const row = await packagesRepo.claim(db, claimId);
    if (!row || row.state !== 'verifying') return;
    const reject = (reason: LocalisedText, set: { certificates?: string[]; certificateMatched?: boolean } = {}) =>
      db.transaction(async (tx) => {
        if (!(await packagesRepo.moveClaim(tx, row.id, ['verifying'], { ...set, state: 'rejected', reason, decidedAt: clock.now() }))) return;
        await writeAudit(tx, clock, { action: 'package.claimRejected', teamId: row.teamId, actorKind: 'system', targetType: 'packageClaim', targetId: row.id, data: { reason: reason.en } });
      });
    const file = await fileById(db, row.fileId);
    if (!file || file.state !== 'ready') return reject({ zh: '用于认领的软件包文件已不存在', en: 'The package file of the claim no longer exists', ru: 'Файла пакета из заявки больше нет' });
    let parsed;
    try {
      parsed = await withLocalCopy(storage, file.storageKey, (p) => parsePackage(p, { fileName: file.fileName }));
    } catch (err) {
      if (err instanceof PackageParseError) return reject({ zh: `软件包无法解析：${err.message}`, en: `The package cannot be read: ${err.message}`, ru: `Пакет не читается: ${err.message}` });
      throw err;
    }
    const certificates = parsed.signing.certificates.map((c) => c.sha256);
    if (parsed.packageName !== row.packageName) {
      return reject({ zh: `上传的软件包包名是 ${parsed.packageName ?? '（无）'}，不是 ${row.packageName}`, en: `The uploaded package is ${parsed.packageName ?? 'unnamed'}, not ${row.packageName}`, ru: `Загруженный пакет — ${parsed.packageName ?? 'без имени'}, а не ${row.packageName}` }, { certificates });
    }
    if (!certificates.length) return reject({ zh: '上传的软件包没有签名', en: 'The uploaded package is not signed', ru: 'Загруженный пакет не подписан' }, { certificates });
    const holderCerts = await packagesRepo.certificatesOfApp(db, row.holderAppId);
    if (!certificates.some((c) => holderCerts.includes(c))) {
      return reject({ zh: '上传的软件包签名证书与占用该包名的应用不一致', en: "The uploaded package is signed with another certificate than the holder app's packages", ru: 'Загруженный пакет подписан другим сертификатом, чем пакеты приложения-владельца' }, { certificates, certificateMatched: false });
    }
    const holder = await appById(db, row.holderTeamId, row.holderAppId);
    await db.transaction(async (tx) => {
      if (holder && (holder.everOnShelf || holder.listed)) {
        const moved = await packagesRepo.moveClaim(tx, row.id, ['verifying'], { state: 'pending', certificates, certificateMatched: true });
        if (moved) await writeAudit(tx, clock, { action: 'package.claimPending', teamId: row.teamId, actorKind: 'system', targetType: 'packageClaim', targetId: row.id, data: { holderAppId: row.holderAppId } });
        return;
      }
      await packagesRepo.moveClaim(tx, row.id, ['verifying'], { certificates, certificateMatched: true });
      await this.transfer(tx, { ...row, state: 'verifying' }, ['verifying'], null);
    });
  }

  /**
   * Moves the package name: the holder app gets a placeholder name it can change (its
   * packages stay as history), then the claimant's app takes the name.
   */
  private async transfer(tx: DbOrTx, row: ClaimRow, from: string[], decider: Caller | null): Promise<ClaimRow> {
    const { clock } = this.deps;
    const decidedBy = decider?.userId ?? null;
    const ip = decider?.ip ?? null;
    const now = clock.now();
    const holder = await appById(tx, row.holderTeamId, row.holderAppId);
    const claimant = await appById(tx, row.teamId, row.appId);
    const gone = !holder || holder.packageName !== row.packageName || !claimant || claimant.packageNameLocked;
    if (gone) {
      const reason = { zh: '认领期间应用发生了变化（包名已释放或应用已锁定包名）', en: 'The apps changed while the claim was open (the name was released, or the app fixed its package name)', ru: 'Пока заявка была открыта, приложения изменились (имя освободилось или приложение закрепило имя пакета)' };
      const moved = await packagesRepo.moveClaim(tx, row.id, from, { state: 'rejected', reason, decidedAt: now, decidedBy });
      if (!moved) throw stateConflict('changed');
      await writeAudit(tx, clock, { action: 'package.claimRejected', teamId: row.teamId, actorKind: decidedBy ? 'operator' : 'system', actorId: decidedBy, ip, targetType: 'packageClaim', targetId: row.id, data: { reason: reason.en } });
      return moved;
    }
    const moved = await packagesRepo.moveClaim(tx, row.id, from, { state: 'approved', reason: null, decidedAt: now, decidedBy });
    if (!moved) throw stateConflict('changed');
    const placeholder = `${row.packageName}.claimed${row.id.replace(/-/g, '').slice(0, 12)}`;
    await transferPackageName(this.deps, tx, { holder, placeholder, claimant, packageName: row.packageName }, now);
    await writeAudit(tx, clock, { action: 'app.packageNameClaimed', teamId: holder.teamId, actorKind: decidedBy ? 'operator' : 'system', actorId: decidedBy, ip, targetType: 'app', targetId: holder.id, data: { packageName: row.packageName, placeholder, claimId: row.id } });
    await writeAudit(tx, clock, { action: 'package.claimApproved', teamId: row.teamId, actorKind: decidedBy ? 'operator' : 'system', actorId: decidedBy, ip, targetType: 'packageClaim', targetId: row.id, data: { appId: claimant.id, packageName: row.packageName } });
    return moved;
  }
}

function stateConflict(state: string): AppError {
  return new AppError('conflict', { zh: `认领当前状态为 ${state}，不能进行此操作`, en: `The claim is ${state}; this cannot be done now`, ru: `Заявка в состоянии ${state}; сейчас это сделать нельзя` });
}
