/**
 * Checks of app identity the console runs live and the server runs again: package names
 * (AppGallery Connect: 7–128 characters, at least three dot-separated segments, no
 * reserved words) and app names.
 */
export type IdentityCheck = null | 'format' | 'reserved';

const PACKAGE_SEGMENT = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Java keywords cannot be package segments: a build would not compile. */
const JAVA_KEYWORDS = new Set(
  ('abstract assert boolean break byte case catch char class const continue default do double else enum extends final ' +
    'finally float for goto if implements import instanceof int interface long native new package private protected public ' +
    'return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null')
    .split(' '),
);

/** Namespaces that belong to platforms and toolchains, never to a published app. */
export const RESERVED_PACKAGE_PREFIXES = Object.freeze([
  'android.', 'androidx.', 'java.', 'javax.', 'kotlin.', 'dalvik.', 'com.android.', 'com.google.android.',
  'com.huawei.', 'ohos.', 'com.ohos.', 'com.example.', 'org.example.',
]);

export function checkPackageName(name: string | null | undefined): IdentityCheck {
  if (typeof name !== 'string' || name.length < 7 || name.length > 128) return 'format';
  const segments = name.split('.');
  if (segments.length < 3 || !segments.every((s) => PACKAGE_SEGMENT.test(s))) return 'format';
  const lower = name.toLowerCase();
  if (RESERVED_PACKAGE_PREFIXES.some((p) => lower.startsWith(p))) return 'reserved';
  if (segments.some((s) => JAVA_KEYWORDS.has(s))) return 'reserved';
  return null;
}

/** Words a developer's app name may not use: they would pass the app off as the store's own. */
export const RESERVED_APP_NAME_WORDS = Object.freeze(['appgallery', 'app gallery', 'wharf store', 'huawei', 'official store']);

export const APP_NAME_MAX_LENGTH = 64;

export function checkAppName(name: string | null | undefined): IdentityCheck {
  if (typeof name !== 'string') return 'format';
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > APP_NAME_MAX_LENGTH) return 'format';
  // Control characters never belong in a name shown on a store page.
  if ([...trimmed].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return 'format';
  const lower = trimmed.toLowerCase();
  if (RESERVED_APP_NAME_WORDS.some((w) => lower.includes(w))) return 'reserved';
  return null;
}
