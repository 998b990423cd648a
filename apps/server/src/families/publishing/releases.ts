import { PARSE_STATE, type MessageLanguage } from '@wharf/contract';
import { RELEASE_STATE } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, conflict, invalidInput } from '../../platform/http/errors';
import { fileOfUpload, signedUploads } from '../files/public';
import { packagesOf } from '../packages/public';
import type { VersionEdit } from '../versions/public';
import { phaseChangeOf, phaseInfoOf } from './phases';
import type { Reach } from './reach';
import { publishingRepo } from './repo';

/** How long an upload URL works: a large build on a slow CI runner still makes it. */
const UPLOAD_URL_SECONDS = 3600;

type V3Submit = {
  remark?: string | undefined;
  releaseTime?: string | undefined;
  registeredIdType?: number | undefined;
  registeredIdNumber?: string | undefined;
  phasedReleaseStartTime?: string | undefined;
  phasedReleaseEndTime?: string | undefined;
  phasedReleasePercent?: string | undefined;
  phasedReleaseDescription?: string | undefined;
};

type Settled = { pkgId: string; state: number; reason?: string } | null;

/** The Connect API's release calls: upload a package, attach it, submit, steer a phased release. */
export class Releases {
  private readonly uploads;
  private readonly packages;

  constructor(
    private readonly deps: Deps,
    private readonly reach: Reach,
  ) {
    this.uploads = signedUploads(deps);
    this.packages = packagesOf(deps);
  }

  async uploadUrl(caller: Caller, q: { appId: string; fileName: string; contentLength: number; sha256?: string | undefined }, origin: string) {
    await this.reach.app(caller, q.appId);
    const [signed] = await this.uploads.issue(caller, [{ fileName: q.fileName, contentType: 'application/octet-stream', size: q.contentLength, sha256: q.sha256?.toLowerCase() }], { expiresInSeconds: UPLOAD_URL_SECONDS, exact: true });
    return { urlInfo: { objectId: signed!.ticketId, url: `${origin}${signed!.url}`, method: 'PUT' as const, headers: signed!.headers } };
  }

  /** app-file-info: the uploaded file becomes a package of the app, parsed in the background, then the version's package. */
  async attachFile(caller: Caller, appId: string, objectId: string) {
    const { db, clock } = this.deps;
    await this.reach.app(caller, appId);
    const fileId = await fileOfUpload(db, caller.teamId!, objectId);
    if (!fileId) {
      throw invalidInput({ zh: '参数不合法：fileDestUrl 不是本团队已完成的上传', en: "Invalid input: fileDestUrl: not a finished upload of the team (an upload URL's objectId, after its PUT)", ru: 'Недопустимые параметры: fileDestUrl: это не завершённая загрузка команды (objectId ссылки загрузки после PUT)' });
    }
    const row = await this.packages.add(caller, { appId, objectId: fileId });
    await publishingRepo.setPending(db, { appId, packageId: row.id, clientId: caller.clientId, createdAt: clock.now() });
    return { pkgVersion: [row.id] };
  }

  /** v3's app-package-info: the same as app-file-info, answering the one package's ID. */
  async attachPackage(caller: Caller, appId: string, objectId: string) {
    const { pkgVersion } = await this.attachFile(caller, appId, objectId);
    return { packageId: pkgVersion[0]! };
  }

  async compileStatus(caller: Caller, appId: string, pkgIds: string, lang: MessageLanguage) {
    await this.reach.app(caller, appId);
    const settled = await this.settle(caller, appId, lang);
    const ids = [...new Set(pkgIds.split(',').map((id) => id.trim()).filter(Boolean))];
    const pkgStateList = [];
    for (const pkgId of ids) {
      if (!/^[0-9a-f-]{36}$/i.test(pkgId)) throw invalidInput({ zh: `参数不合法：pkgIds 中的 ${pkgId} 不是软件包 ID`, en: `Invalid input: pkgIds: ${pkgId} is not a package ID`, ru: `Недопустимые параметры: pkgIds: ${pkgId} — не ID пакета` });
      const row = await this.packages.get(caller, appId, pkgId);
      if (settled?.pkgId === row.id && settled.reason) pkgStateList.push({ pkgId, successStatus: PARSE_STATE.failed, failureReason: settled.reason });
      // The pending package reads as parsed only once attached: a parse that ends between
      // settling and this read would otherwise say "done" with nothing attached yet.
      else if (settled?.pkgId === row.id && settled.state === PARSE_STATE.parsing) pkgStateList.push({ pkgId, successStatus: PARSE_STATE.parsing });
      else pkgStateList.push({ pkgId, successStatus: row.parseState, ...(row.failureReason ? { failureReason: (JSON.parse(row.failureReason) as Record<string, string>)[lang] ?? '' } : {}) });
    }
    return { pkgStateList };
  }

  /**
   * Attaches the package app-file-info gave, once parsed, to the version in preparation.
   * A package the version cannot take (a lower versionCode) is reported as failed.
   */
  async settle(caller: Caller, appId: string, lang: MessageLanguage): Promise<Settled> {
    const { db } = this.deps;
    const pending = await publishingRepo.pending(db, appId);
    if (!pending) return null;
    // A package deleted meanwhile (in the console) is no longer there to attach.
    const row = await this.packages.get(caller, appId, pending.packageId).catch((err: unknown) => {
      if (err instanceof AppError) return null;
      throw err;
    });
    if (!row || row.parseState === PARSE_STATE.failed) {
      await publishingRepo.clear(db, appId, pending.packageId);
      return { pkgId: pending.packageId, state: PARSE_STATE.failed };
    }
    if (row.parseState === PARSE_STATE.parsing) return { pkgId: row.id, state: PARSE_STATE.parsing };
    try {
      const draft = await this.reach.draft(caller, appId, lang);
      if (draft.pkgId !== row.id) await this.reach.versions.update(caller, appId, draft.versionId, { pkgId: row.id }, lang);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await publishingRepo.clear(db, appId, row.id);
      return { pkgId: row.id, state: PARSE_STATE.failed, reason: err.text?.[lang] ?? err.message };
    }
    await publishingRepo.clear(db, appId, row.id);
    return { pkgId: row.id, state: PARSE_STATE.parsed };
  }

  async submit(
    caller: Caller,
    appId: string,
    q: { releaseTime?: string | undefined; remark?: string | undefined; releaseType?: '1' | '3' | undefined },
    phased: { phasedReleaseStartTime?: string | undefined; phasedReleaseEndTime?: string | undefined; phasedReleasePercent?: string | undefined; phasedReleaseDescription?: string | undefined } | undefined,
    lang: MessageLanguage,
  ) {
    await this.reach.app(caller, appId);
    const releaseType: VersionEdit['releaseType'] = q.releaseType === '3' ? 'phased' : q.releaseType === '1' ? 'full' : undefined;
    const hasPhases = !!phased && Object.keys(phased).length > 0;
    if (releaseType === 'phased' && (!phased?.phasedReleaseStartTime || !phased.phasedReleaseEndTime || phased.phasedReleasePercent === undefined)) {
      throw invalidInput({ zh: '参数不合法：分阶段发布需要 phasedReleaseStartTime、phasedReleaseEndTime 和 phasedReleasePercent', en: 'Invalid input: a phased release (releaseType 3) needs phasedReleaseStartTime, phasedReleaseEndTime and phasedReleasePercent', ru: 'Недопустимые параметры: для поэтапного выпуска (releaseType 3) нужны phasedReleaseStartTime, phasedReleaseEndTime и phasedReleasePercent' });
    }
    if (releaseType !== 'phased' && hasPhases) {
      throw invalidInput({ zh: '参数不合法：分阶段发布字段只用于 releaseType=3', en: 'Invalid input: the phased fields go with releaseType=3 only', ru: 'Недопустимые параметры: поля поэтапного выпуска — только при releaseType=3' });
    }
    const settled = await this.settle(caller, appId, lang);
    if (settled?.state === PARSE_STATE.parsing) {
      throw conflict({ zh: '软件包仍在解析，请通过 package/compile/status 查询后再提交', en: 'The package is still being parsed: poll package/compile/status, then submit', ru: 'Пакет ещё разбирается: дождитесь готовности через package/compile/status и отправьте снова' });
    }
    if (settled?.state === PARSE_STATE.failed) {
      throw conflict({ zh: `软件包不可用${settled.reason ? `：${settled.reason}` : ''}`, en: `The package cannot be used${settled.reason ? `: ${settled.reason}` : ''}`, ru: `Пакет нельзя использовать${settled.reason ? `: ${settled.reason}` : ''}` });
    }
    const draft = await this.reach.existingDraft(caller, appId, lang);
    const { versions } = this.reach;
    const edit: VersionEdit = {
      ...(releaseType ? { releaseType } : {}),
      ...(q.releaseTime !== undefined ? { releaseAt: q.releaseTime } : {}),
      ...(q.remark !== undefined ? { reviewNotes: q.remark } : {}),
    };
    if (Object.keys(edit).length) await versions.update(caller, appId, draft.versionId, edit, lang);
    if (releaseType === 'phased' && phased) {
      await versions.phased.change(caller, appId, draft.versionId, { state: 'UPDATE', percent: Number(phased.phasedReleasePercent), startAt: phased.phasedReleaseStartTime, endAt: phased.phasedReleaseEndTime, description: phased.phasedReleaseDescription ?? '' });
    }
    await versions.submit(caller, appId, draft.versionId, lang);
    return {};
  }

  /** v3's submit: its fields in the body (else the query); a registered ID reaches the reviewer with the remark. */
  async submitV3(caller: Caller, appId: string, q: Parameters<Releases['submit']>[2], body: V3Submit | undefined, lang: MessageLanguage) {
    const { remark, releaseTime, registeredIdType, registeredIdNumber, ...phased } = body ?? {};
    if ((registeredIdType === undefined) !== (registeredIdNumber === undefined)) {
      throw invalidInput({ zh: '参数不合法：registeredIdType 与 registeredIdNumber 需同时提供', en: 'Invalid input: registeredIdType and registeredIdNumber go together', ru: 'Недопустимые параметры: registeredIdType и registeredIdNumber передаются вместе' });
    }
    const note = [remark ?? q.remark, registeredIdNumber ? `Registered ID (type ${registeredIdType}): ${registeredIdNumber}` : undefined].filter(Boolean).join('\n');
    const query = { ...q, releaseTime: releaseTime ?? q.releaseTime, remark: note || undefined };
    return this.submit(caller, appId, query, Object.keys(phased).length ? phased : undefined, lang);
  }

  /** on-shelf-time: the approved version waiting for its release time goes on shelf now (2) or at a new time (3). */
  async onShelfTime(caller: Caller, appId: string, body: { changeType: 2 | 3; releaseTime?: string | undefined; releaseType: 1 | 3 }, lang: MessageLanguage) {
    await this.reach.app(caller, appId);
    const waiting = await this.reach.preparing(caller, appId, lang);
    if (waiting?.releaseState !== RELEASE_STATE.waiting) {
      throw conflict({ zh: '应用没有审核通过、等待上架时间的版本', en: 'The app has no approved version waiting for its release time', ru: 'У приложения нет одобренной версии, ждущей времени выпуска' });
    }
    const releaseType = body.releaseType === 3 ? 'phased' : 'full';
    if (waiting.releaseType !== releaseType) {
      throw conflict({ zh: `等待上架的版本的发布方式不是 releaseType=${body.releaseType}`, en: `The version waiting is not a ${releaseType} release (releaseType ${body.releaseType})`, ru: `Ждущая версия — не ${releaseType === 'phased' ? 'поэтапный' : 'полный'} выпуск (releaseType ${body.releaseType})` });
    }
    if (body.changeType === 3 && !body.releaseTime) {
      throw invalidInput({ zh: '参数不合法：changeType 为 3 时需要 releaseTime', en: 'Invalid input: releaseTime: needed with changeType 3', ru: 'Недопустимые параметры: releaseTime: нужно при changeType 3' });
    }
    await this.reach.versions.onShelfTime(caller, appId, waiting.versionId, body.changeType === 2 ? { now: true } : { releaseAt: body.releaseTime }, lang);
    return {};
  }

  async phasedRelease(caller: Caller, appId: string, body: Parameters<typeof phaseChangeOf>[0], lang: MessageLanguage) {
    await this.reach.app(caller, appId);
    const { versions } = this.reach;
    const live = (await versions.lastOnShelf(caller, appId, lang)).version;
    const phase = live?.releaseType === 'phased' ? (await versions.phased.history(caller, appId, live.versionId)).phasedRelease : null;
    if (!live || !phase) throw conflict({ zh: '应用没有分阶段发布中的版本', en: 'The app has no version in a phased release', ru: 'У приложения нет версии в поэтапном выпуске' });
    let change = phaseChangeOf(body, phase.state);
    let result = await versions.phased.change(caller, appId, live.versionId, change);
    // Resumed, and widened in the same call.
    if (change.state === 'RESUME' && (body.phasedReleasePercent || body.phasedReleaseEndTime)) {
      change = phaseChangeOf(body, 'active');
      result = await versions.phased.change(caller, appId, live.versionId, change);
    }
    return { phasedReleaseInfo: phaseInfoOf(result.phasedRelease) };
  }
}
