import { RELEASE_STATE } from '@wharf/rules';
import { publishingApi, type MessageLanguage } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { invalidInput } from '../../platform/http/errors';
import { appsByPackageNames } from '../apps/public';
import { phaseInfoOf } from './phases';
import type { Reach } from './reach';

const { connectLangOf } = publishingApi;

/** The Connect API's reading and wording calls: app IDs, app information, one language's texts. */
export class AppInformation {
  constructor(
    private readonly deps: Deps,
    private readonly reach: Reach,
  ) {}

  async appIds(caller: Caller, packageNames: string) {
    const names = [...new Set(packageNames.split(',').map((n) => n.trim()).filter(Boolean))];
    const found = await appsByPackageNames(this.deps, caller.teamId!, names);
    // A project-level client sees its project's apps, a client with grants only those.
    const reachable = found.filter((a) => (!caller.projectId || a.projectId === caller.projectId) && (!caller.appScope || caller.appScope.includes(a.appId)));
    return { appids: reachable.map((a) => ({ key: a.packageName, value: a.appId })) };
  }

  async appInfo(caller: Caller, appId: string, only: string | undefined, lang: MessageLanguage) {
    const app = await this.reach.app(caller, appId);
    const { versions } = this.reach;
    const shown = (await this.reach.preparing(caller, appId, lang)) ?? (await versions.lastOnShelf(caller, appId, lang)).version;
    const phase = shown?.releaseType === 'phased' ? (await versions.phased.history(caller, appId, shown.versionId)).phasedRelease : null;
    const rejection = shown?.rejection;
    return {
      appInfo: {
        releaseState: shown?.releaseState ?? RELEASE_STATE.draft,
        defaultLang: connectLangOf(app.defaultLanguage),
        packageName: app.packageName,
        versionNumber: shown?.versionName ?? null,
        versionCode: shown?.versionCode ?? null,
        publishCountry: (shown?.countries ?? []).join(','),
        updateTime: (shown ? new Date(shown.updatedAt) : app.createdAt).toISOString(),
        phasedReleaseInfo: phase ? phaseInfoOf(phase) : null,
      },
      auditInfo: { auditOpinion: rejection ? [...rejection.reasons, ...(rejection.comment ? [rejection.comment] : [])].join('; ') : '' },
      languages: (shown?.listings ?? [])
        .filter((l) => !only || l.language === only)
        .map((l) => ({ lang: connectLangOf(l.language), appName: l.name, appDesc: l.description, briefInfo: l.brief, newFeatures: l.newFeatures })),
    };
  }

  /** One language's texts of the version in preparation; what the call leaves out stays. */
  async setLanguage(caller: Caller, appId: string, edit: { lang: string; appName?: string | undefined; appDesc?: string | undefined; briefInfo?: string | undefined; newFeatures?: string | undefined }, lang: MessageLanguage) {
    const app = await this.reach.app(caller, appId);
    const draft = await this.reach.draft(caller, appId, lang);
    // A language new to the version starts with the default language's pictures, as
    // AppGallery Connect shows them for a language that has none of its own.
    const isNew = !draft.listings.some((l) => l.language === edit.lang);
    const base = isNew ? draft.listings.find((l) => l.language === app.defaultLanguage) : undefined;
    const listing = {
      language: edit.lang,
      ...(base ? { iconObjectId: base.iconObjectId, screenshotObjectIds: base.screenshotObjectIds, videoObjectIds: base.videoObjectIds } : {}),
      ...(edit.appName !== undefined ? { name: edit.appName } : {}),
      ...(edit.appDesc !== undefined ? { description: edit.appDesc } : {}),
      ...(edit.briefInfo !== undefined ? { brief: edit.briefInfo } : {}),
      ...(edit.newFeatures !== undefined ? { newFeatures: edit.newFeatures } : {}),
    };
    await this.reach.versions.update(caller, appId, draft.versionId, { listings: [listing] }, lang);
    return {};
  }

  async removeLanguage(caller: Caller, appId: string, language: string, lang: MessageLanguage) {
    const app = await this.reach.app(caller, appId);
    if (language === app.defaultLanguage) {
      throw invalidInput({ zh: '参数不合法：lang 是应用的默认语言，不能删除', en: "Invalid input: lang: the app's default language cannot be removed", ru: 'Недопустимые параметры: lang: язык приложения по умолчанию удалить нельзя' });
    }
    const draft = await this.reach.existingDraft(caller, appId, lang);
    await this.reach.versions.removeLanguage(caller, appId, draft.versionId, language, lang);
    return {};
  }
}
