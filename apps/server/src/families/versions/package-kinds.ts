import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { invalidInput, notFound } from '../../platform/http/errors';
import type { Lang } from './present';
import type { VersionsService } from './service';
import { packageOfApp } from '../packages/public';

/** The distribution family's package calls: which platform each serves and the package kinds it takes. */
const CALLS = {
  apk: { platform: 'android', kinds: ['apk', 'aab'] },
  rpk: { platform: 'quickapp', kinds: ['rpk'] },
  wpk: { platform: 'watch', kinds: ['wpk'] },
  exe: { platform: 'pc', kinds: ['exe'] },
} as const;

export type PackageCall = keyof typeof CALLS;

const upper = (kinds: readonly string[]) => kinds.map((k) => k.toUpperCase()).join(' / ');
/** "an APK", "a WPK": initialisms are read letter by letter. */
const article = (initialism: string) => (/^[AEFHILMNORSX]/.test(initialism) ? 'an' : 'a');

/**
 * A version's package by kind, its expansion files and "no package": each a version edit
 * (the same state guard, history and audit), after the checks its call promises.
 */
export class VersionPackages {
  constructor(
    private readonly deps: Deps,
    private readonly versions: VersionsService,
  ) {}

  async bind(caller: Caller, call: PackageCall, b: { appId: string; versionId: string; pkgId: string; versionCode?: number; versionName?: string | undefined }, lang: Lang) {
    const { app } = await this.versions.find(caller, b.appId, b.versionId);
    const want = CALLS[call];
    if (app.platform !== want.platform) {
      throw invalidInput({
        zh: `参数不合法：该接口用于 ${want.platform} 应用的 ${upper(want.kinds)} 软件包，此应用的平台是 ${app.platform}`,
        en: `Invalid input: this call sets ${upper(want.kinds)} packages of ${want.platform} apps; this app is for ${app.platform}`, ru: `Недопустимые параметры: этот вызов задаёт пакеты ${upper(want.kinds)} приложений ${want.platform}; это приложение — для ${app.platform}`,
      });
    }
    const pkg = await packageOfApp(this.deps.db, app.id, b.pkgId);
    if (!pkg) throw notFound({ zh: '软件包不存在', en: 'No such package', ru: 'Такого пакета нет' });
    // A package still parsing (or failed) has no kind yet; the version edit refuses it with the reason.
    if (pkg.kind !== null && !(want.kinds as readonly string[]).includes(pkg.kind)) {
      const kind = pkg.kind.toUpperCase();
      throw invalidInput({ zh: `参数不合法：pkgId：${pkg.fileName} 是 ${kind} 软件包，该接口需要 ${upper(want.kinds)}`, en: `Invalid input: pkgId: ${pkg.fileName} is ${article(kind)} ${kind} package; this call takes ${upper(want.kinds)}`, ru: `Недопустимые параметры: pkgId: ${pkg.fileName} — пакет ${kind}; этот вызов принимает ${upper(want.kinds)}` });
    }
    const packageVersion = b.versionCode !== undefined ? { versionCode: b.versionCode, versionName: b.versionName } : undefined;
    return this.versions.update(caller, b.appId, b.versionId, { pkgId: b.pkgId, ...(packageVersion ? { packageVersion } : {}) }, lang);
  }

  expansion(caller: Caller, b: { appId: string; versionId: string; main: string | null; patch: string | null }, lang: Lang) {
    return this.versions.update(caller, b.appId, b.versionId, { expansion: { main: b.main, patch: b.patch } }, lang);
  }

  none(caller: Caller, b: { appId: string; versionId: string; noPackage: boolean }, lang: Lang) {
    return this.versions.update(caller, b.appId, b.versionId, { noPackage: b.noPackage }, lang);
  }
}
