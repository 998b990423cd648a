import { briefLimitOf, countryById, languageByKey, listingImageProblem, regionById, textLength } from '@wharf/rules';
import type { BodyOf, FieldError, RefinementKey, versionApi } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { refusedFields } from '../../platform/http/field-errors';
import { parseObbName } from '@wharf/parsers';
import type { Lang } from './present';
import { versionsRepo, type VersionRow } from './repo';
import { actorOf, type VersionTransitions } from './transitions';
import type { VersionsService } from './service';
import { declaredAge } from './points';
import { presented, type VersionFacts } from './reading';
import type { AppRow } from '../apps/public';
import { teamImages } from '../files/public';
import { packageOfApp } from '../packages/public';

/**
 * A change to a version: the console's and the Connect API's edit body (the contract's
 * updateVersion, less the ids), and what the package calls set besides.
 */
export type VersionEdit = Omit<BodyOf<typeof versionApi.updateVersion>, 'appId' | 'versionId'> & {
  /** The versionCode and name a developer gives an EXE (it carries none). */
  packageVersion?: { versionCode: number; versionName?: string | undefined } | undefined;
  /** A first release without a package (pre-registration). */
  noPackage?: boolean | undefined;
  /** Expansion files (OBB) of an APK version, by slot. */
  expansion?: { main: string | null; patch: string | null } | undefined;
};

/** The package's facts for the version, after the versionCode rule (never below the on-shelf one). */
export async function packageFields(deps: Pick<Deps, 'db'>, row: VersionRow, pkgId: string | null, given?: VersionEdit['packageVersion']): Promise<Partial<VersionRow>> {
  if (pkgId === null) return { packageId: null, versionCode: null, versionName: null };
  const pkg = await packageOfApp(deps.db, row.appId, pkgId);
  if (!pkg) throw notFound({ zh: '软件包不存在', en: 'No such package', ru: 'Такого пакета нет' });
  if (pkg.parseState === 0 && pkg.kind === 'obb') {
    throw invalidInput({ zh: '参数不合法：pkgId 是扩展文件（OBB），不是应用的软件包；请作为扩展文件添加', en: "Invalid input: pkgId: an OBB is an expansion file, not the app's package; attach it as an expansion file", ru: 'Недопустимые параметры: pkgId: OBB — файл расширения, а не пакет приложения; прикрепите его как файл расширения' });
  }
  if (pkg.parseState === 0 && pkg.kind === 'exe' && !given) {
    throw invalidInput({ zh: '参数不合法：EXE 安装包不带 versionCode，请为其指定版本号', en: 'Invalid input: pkgId: an EXE carries no versionCode; give it one with the installer', ru: 'Недопустимые параметры: pkgId: в EXE нет versionCode; укажите его вместе с установщиком' });
  }
  const versionCode = pkg.kind === 'exe' ? (given?.versionCode ?? null) : pkg.versionCode;
  if (pkg.parseState !== 0 || versionCode === null) {
    throw conflict({ zh: '软件包尚未解析成功，不能使用', en: 'The package has not been parsed successfully; it cannot be used', ru: 'Пакет не удалось разобрать; использовать его нельзя' });
  }
  const current = await versionsRepo.current(deps.db, row.appId);
  if (current?.versionCode != null && versionCode < current.versionCode) {
    throw invalidInput({
      zh: `参数不合法：pkgId 的 versionCode ${versionCode} 低于已上架版本的 ${current.versionCode}`,
      en: `Invalid input: pkgId: versionCode ${versionCode} is lower than the on-shelf version's ${current.versionCode}`, ru: `Недопустимые параметры: pkgId: versionCode ${versionCode} меньше, чем ${current.versionCode} у версии в продаже`,
    });
  }
  return { packageId: pkg.id, versionCode, versionName: given?.versionName ?? pkg.versionName, noPackage: false };
}

/** A developer's edit of a version: its package, countries, listings, media and settings, checked. */
export class VersionEdits {
  constructor(
    private readonly deps: Deps,
    private readonly host: Pick<VersionsService, 'find' | 'facts'> & Pick<VersionTransitions, 'edit'>,
  ) {}

  /** The version after each batch of edits (`VersionTransitions.edit`), by the batch's answer row. */
  private readonly afterBatch = new WeakMap<VersionRow, Promise<VersionFacts>>();

  async update(caller: Caller, appId: string, versionId: string, edit: VersionEdit, lang: Lang) {
    const { db, clock } = this.deps;
    const { app, row } = await this.host.find(caller, appId, versionId);
    const now = clock.now();
    const set: Partial<VersionRow> = {};
    if (edit.pkgId !== undefined) Object.assign(set, await packageFields(this.deps, row, edit.pkgId, edit.packageVersion));
    if (edit.noPackage === true) {
      if (app.everOnShelf) throw conflict({ zh: '应用已经上架过，更新版本必须包含软件包', en: 'The app has been on shelf; an update needs a package', ru: 'Приложение уже было в продаже; для обновления нужен пакет' });
      Object.assign(set, { noPackage: true, packageId: null, versionCode: null, versionName: null });
    } else if (edit.noPackage === false) set.noPackage = false;
    const expansion = await this.expansionFields(app, row, set, edit.expansion);
    if (edit.countries !== undefined || edit.regions !== undefined) {
      const given = edit.countries ?? (edit.regions ? [] : row.countries);
      const unknown = given.find((c) => !countryById(c));
      if (unknown) throw invalidInput({ zh: `参数不合法：countries 中的 ${unknown} 不是已知的国家或地区`, en: `Invalid input: countries: ${unknown} is not a known country or region`, ru: `Недопустимые параметры: countries: ${unknown} — неизвестная страна или регион` });
      const fromRegions = (edit.regions ?? []).flatMap((id) => regionById(id)?.countries ?? []);
      set.countries = [...new Set([...given, ...fromRegions])].sort();
    }
    if (edit.releaseType !== undefined) set.releaseType = edit.releaseType;
    if (edit.releaseAt !== undefined) {
      const at = edit.releaseAt === null ? null : new Date(edit.releaseAt);
      if (at && at.getTime() <= now.getTime()) throw invalidInput({ zh: '参数不合法：releaseAt 必须是将来的时间', en: 'Invalid input: releaseAt must be in the future', ru: 'Недопустимые параметры: releaseAt должно быть в будущем' });
      set.releaseAt = at;
    }
    if (edit.reviewNotes !== undefined) set.reviewNotes = edit.reviewNotes;
    if (edit.testAccount !== undefined) set.testAccount = edit.testAccount;
    if (edit.ageRating !== undefined) {
      const declared = await declaredAge(this.deps.extensions, db, appId);
      if (declared && edit.ageRating !== declared) {
        throw conflict({ zh: `该应用的年龄分级由其年龄分级声明决定（${declared}），请修改该声明`, en: `The app's age rating comes from its age-rating declaration (${declared}); change that instead`, ru: `Возрастной рейтинг приложения задан его декларацией (${declared}); измените её` });
      }
      set.ageRating = edit.ageRating;
    }
    (edit.listings ?? []).forEach((l, i) => {
      if (!languageByKey(l.language)) throw invalidInput({ zh: `参数不合法：listings[${i}].language 不在语言目录中`, en: `Invalid input: listings[${i}].language ${l.language} is not in the language catalogue`, ru: `Недопустимые параметры: listings[${i}].language: языка ${l.language} нет в каталоге` });
      const limit = briefLimitOf(l.language);
      if (l.brief !== undefined && textLength(l.brief) > limit) {
        throw invalidInput({ zh: `参数不合法：listings[${i}].brief 最多 ${limit} 个字符`, en: `Invalid input: listings[${i}].brief is at most ${limit} characters in ${l.language}`, ru: `Недопустимые параметры: listings[${i}].brief — не длиннее ${limit} символов на языке ${l.language}` });
      }
    });
    await this.assertMedia(app.teamId, edit.listings ?? []);
    const fields = Object.keys(edit).filter((k) => (edit as Record<string, unknown>)[k] !== undefined);
    const updated = await this.host.edit({ row, set, expansion, listings: edit.listings ?? [], actor: actorOf(caller), fields });
    // The edits written together share one answer row: the version after them is read once for all.
    let facts = this.afterBatch.get(updated);
    if (!facts) this.afterBatch.set(updated, (facts = this.host.facts(db, updated, app)));
    return presented(await facts, lang, app);
  }

  /**
   * Listing media are finished uploads of the app's team, each fitting its place: the icon
   * and screenshots by the store's image rules (@wharf/rules), videos being videos. A
   * refusal names the field and the rule, so the console says it as its form labels it.
   */
  private async assertMedia(teamId: string, listings: NonNullable<VersionEdit['listings']>): Promise<void> {
    const wanted = listings.flatMap((l, i) => [
      ...(l.iconObjectId ? [{ id: l.iconObjectId, i, name: 'iconObjectId', place: 'icon' as const }] : []),
      ...(l.screenshotObjectIds ?? []).map((id) => ({ id, i, name: 'screenshotObjectIds', place: 'screenshot' as const })),
      ...(l.videoObjectIds ?? []).map((id) => ({ id, i, name: 'videoObjectIds', place: 'video' as const })),
    ]);
    if (!wanted.length) return;
    const found = new Map((await teamImages(this.deps, teamId, [...new Set(wanted.map((w) => w.id))])).map((f) => [f.id, f]));
    const errors: FieldError[] = [];
    for (const w of wanted) {
      const file = found.get(w.id);
      const reason: RefinementKey | null =
        !file || file.state !== 'ready' ? 'uploadedFile' : w.place === 'video' ? (file.contentType.startsWith('video/') ? null : 'videoType') : listingImageProblem(w.place, file);
      if (reason) errors.push({ field: `listings.${w.i}.${w.name}`, name: w.name, in: 'body', rule: 'invalid', reason });
    }
    if (errors.length) throw refusedFields(errors);
  }

  /**
   * The expansion files the edit leaves the version with: those given, checked; none when
   * the package becomes anything but an APK (an AAB carries asset packs instead); else
   * undefined, unchanged.
   */
  private async expansionFields(app: AppRow, row: VersionRow, set: Partial<VersionRow>, given: VersionEdit['expansion']): Promise<Array<{ slot: string; packageId: string }> | undefined> {
    const { db } = this.deps;
    const mainId = set.packageId !== undefined ? set.packageId : row.packageId;
    const main = mainId ? await packageOfApp(db, app.id, mainId) : undefined;
    if (!given) return set.packageId !== undefined && main?.kind !== 'apk' ? [] : undefined;
    const wanted = (['main', 'patch'] as const).flatMap((slot) => (given[slot] ? [{ slot, id: given[slot] }] : []));
    if (!wanted.length) return [];
    if (app.platform !== 'android') throw invalidInput({ zh: '参数不合法：扩展文件（OBB）仅适用于 Android 应用', en: 'Invalid input: expansion files (OBB) are for Android apps', ru: 'Недопустимые параметры: файлы расширения (OBB) — только для приложений Android' });
    if (main?.kind !== 'apk') {
      throw conflict({ zh: '扩展文件需要与 APK 一起发布：请先为版本选择 APK（AAB 使用资源包）', en: 'Expansion files go with an APK: choose the APK for the version first (an AAB carries asset packs instead)', ru: 'Файлы расширения идут вместе с APK: сначала выберите для версии APK (в AAB вместо них пакеты ресурсов)' });
    }
    if (given.patch && !given.main) throw invalidInput({ zh: '参数不合法：patch 需要同时提供 main 扩展文件', en: 'Invalid input: patch: a patch file needs a main file', ru: 'Недопустимые параметры: patch: файлу patch нужен файл main' });
    const out: Array<{ slot: string; packageId: string }> = [];
    for (const w of wanted) {
      const pkg = await packageOfApp(db, app.id, w.id);
      if (!pkg) throw notFound({ zh: `${w.slot}：软件包不存在`, en: `${w.slot}: no such package`, ru: `${w.slot}: такого пакета нет` });
      const name = parseObbName(pkg.fileName);
      if (pkg.kind !== 'obb' || pkg.parseState !== 0 || !name) {
        throw invalidInput({ zh: `参数不合法：${w.slot}：${pkg.fileName} 不是已解析的 OBB 扩展文件`, en: `Invalid input: ${w.slot}: ${pkg.fileName} is not a parsed OBB expansion file`, ru: `Недопустимые параметры: ${w.slot}: ${pkg.fileName} — не разобранный файл расширения OBB` });
      }
      if (name.type !== w.slot) throw invalidInput({ zh: `参数不合法：${w.slot}：${pkg.fileName} 是 ${name.type} 扩展文件`, en: `Invalid input: ${w.slot}: ${pkg.fileName} is a ${name.type} expansion file`, ru: `Недопустимые параметры: ${w.slot}: ${pkg.fileName} — файл расширения ${name.type}` });
      out.push({ slot: w.slot, packageId: pkg.id });
    }
    return out;
  }
}
