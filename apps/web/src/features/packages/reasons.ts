import { PACKAGE_FAILURES, PARSE_STATE } from '@wharf/contract';

/**
 * AppGallery Connect's package check failures (console-ux.md) and ours, to the locale key
 * that explains each in words. Codes not listed here are shown with the server's words.
 */
const REASON_KEYS: Readonly<Record<number, string>> = {
  [PACKAGE_FAILURES.packageNameMismatch]: 'packageNameMismatch',
  997: 'packageNameMismatch',
  993: 'invalidProfile',
  [PACKAGE_FAILURES.notExpectedKind]: 'notExpectedKind',
  998: 'devicesNotSupported',
  [PACKAGE_FAILURES.debugBuild]: 'debugBuild',
  1000: 'expired',
  1002: 'expired',
  1001: 'profileCertificateMismatch',
  1004: 'packageNameTaken',
  [PACKAGE_FAILURES.tooLarge]: 'tooLarge',
  7014: 'permissionsMismatch',
  [PACKAGE_FAILURES.versionCodeTooLow]: 'versionCodeTooLow',
  [PACKAGE_FAILURES.unreadable]: 'unreadable',
  [PACKAGE_FAILURES.zipBomb]: 'zipBomb',
  [PACKAGE_FAILURES.pathTraversal]: 'pathTraversal',
};

export function reasonKey(code: number | null): string | null {
  return code === null ? null : (REASON_KEYS[code] ?? null);
}

export type ParseStateName = 'parsed' | 'parsing' | 'failed';

export function parseStateName(state: number): ParseStateName {
  if (state === PARSE_STATE.parsed) return 'parsed';
  if (state === PARSE_STATE.parsing) return 'parsing';
  return 'failed';
}

/** Which files each platform takes (the server refuses other kinds with 995). */
export const EXTENSIONS_OF_PLATFORM: Readonly<Record<string, string[]>> = {
  android: ['.apk', '.aab', '.obb'],
  harmony: ['.hap', '.app'],
  quickapp: ['.rpk'],
  pc: ['.exe'],
  watch: ['.wpk'],
};
