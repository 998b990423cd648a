import type { MessageLanguage } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { type AppsService, type AppRow, appsOf } from '../apps/public';
import { VersionsService } from '../versions/public';

type Version = NonNullable<Awaited<ReturnType<VersionsService['preparing']>>['version']>;

/**
 * What every Connect API call starts from: the caller's app (a project-level client reaches
 * only its project's apps) and the app's version in preparation, which AppGallery Connect's
 * calls edit without naming it.
 */
export class Reach {
  readonly apps: AppsService;
  readonly versions: VersionsService;

  constructor(deps: Deps) {
    this.apps = appsOf(deps);
    this.versions = new VersionsService(deps);
  }

  async app(caller: Caller, appId: string): Promise<AppRow> {
    const app = await this.apps.get(caller, appId);
    if (caller.projectId && app.projectId !== caller.projectId) throw notFound();
    return app;
  }

  async preparing(caller: Caller, appId: string, lang: MessageLanguage): Promise<Version | null> {
    return (await this.versions.preparing(caller, appId, lang)).version;
  }

  /** The version in preparation, made from the one on shelf when there is none (as the console's "new version"). */
  async draft(caller: Caller, appId: string, lang: MessageLanguage): Promise<Version> {
    return (await this.preparing(caller, appId, lang)) ?? (await this.versions.create(caller, appId, lang)).version;
  }

  /** The version in preparation, which a submit or a removal needs to exist. */
  async existingDraft(caller: Caller, appId: string, lang: MessageLanguage): Promise<Version> {
    const draft = await this.preparing(caller, appId, lang);
    if (!draft) throw conflict({ zh: '应用没有准备中的版本', en: 'The app has no version in preparation', ru: 'У приложения нет готовящейся версии' });
    return draft;
  }
}
