import { PACKAGE_FAILURES } from '@wharf/contract';
import type { LocalisedText } from '../../platform/http/errors';
import type { PackageKind, ParsedPackage, ParseFailureReason } from '@wharf/parsers';

/** Which package kinds each platform takes (OBB is an Android expansion file). */
export const KINDS_OF_PLATFORM: Record<string, readonly PackageKind[]> = {
  android: ['apk', 'aab', 'obb'],
  harmony: ['hap', 'app'],
  quickapp: ['rpk'],
  pc: ['exe'],
  watch: ['wpk'],
};

export interface Failure {
  code: number;
  text: LocalisedText;
}

/** A parser's refusal as the code and words a developer sees. */
export function failureOfParse(reason: ParseFailureReason, detail: string): Failure {
  switch (reason) {
    case 'zipBomb':
    case 'entryTooLarge':
      return { code: PACKAGE_FAILURES.zipBomb, text: { zh: `软件包内容异常（疑似压缩炸弹）：${detail}`, en: `The package looks like a zip bomb: ${detail}`, ru: `Пакет похож на zip-бомбу: ${detail}` } };
    case 'pathTraversal':
      return { code: PACKAGE_FAILURES.pathTraversal, text: { zh: `软件包包含非法路径：${detail}`, en: `The package holds an unsafe path: ${detail}`, ru: `В пакете небезопасный путь: ${detail}` } };
    case 'notAPackage':
    case 'unsupportedKind':
      return { code: PACKAGE_FAILURES.notExpectedKind, text: { zh: `不是可识别的软件包：${detail}`, en: `This is not a package we recognise: ${detail}`, ru: `Этот пакет не распознан: ${detail}` } };
    default:
      return { code: PACKAGE_FAILURES.unreadable, text: { zh: `软件包无法读取：${detail}`, en: `The package cannot be read: ${detail}`, ru: `Пакет не читается: ${detail}` } };
  }
}

/** The store's checks on a parsed package against its app (AppGallery Connect's codes). */
export function checkAgainstApp(parsed: ParsedPackage, app: { platform: string; packageName: string }): Failure | null {
  const kinds = KINDS_OF_PLATFORM[app.platform] ?? [];
  if (!kinds.includes(parsed.kind)) {
    return { code: PACKAGE_FAILURES.notExpectedKind, text: { zh: `该应用的平台不接受 ${parsed.kind.toUpperCase()} 软件包`, en: `A ${parsed.kind.toUpperCase()} package does not fit this app's platform`, ru: `Пакет ${parsed.kind.toUpperCase()} не подходит к платформе этого приложения` } };
  }
  if (parsed.packageName !== null && parsed.packageName !== app.packageName) {
    return {
      code: PACKAGE_FAILURES.packageNameMismatch,
      text: { zh: `软件包的包名 ${parsed.packageName} 与应用的包名 ${app.packageName} 不一致`, en: `The package name ${parsed.packageName} does not match the app's ${app.packageName}`, ru: `Имя пакета ${parsed.packageName} не совпадает с именем приложения ${app.packageName}` },
    };
  }
  if (parsed.debuggable) {
    return { code: PACKAGE_FAILURES.debugBuild, text: { zh: '这是调试版本，商店不接受调试包', en: 'This is a debug build; the store accepts release builds only', ru: 'Это отладочная сборка; магазин принимает только релизные' } };
  }
  return null;
}
