import { z } from 'zod';

export const PACKAGE_KINDS = ['apk', 'aab', 'hap', 'app', 'rpk', 'exe', 'obb', 'wpk'] as const;

/** AppGallery Connect's parse states: 0 parsed, 1 parsing, 2 failed with a reason code. */
export const PARSE_STATE = { parsed: 0, parsing: 1, failed: 2 } as const;

/**
 * Failure reason codes users know from AppGallery Connect (console-ux.md), plus ours for
 * containers we refuse (9xx ours are above 9000).
 */
export const PACKAGE_FAILURES = {
  packageNameMismatch: 992,
  notExpectedKind: 995,
  debugBuild: 999,
  tooLarge: 1006,
  versionCodeTooLow: 1010,
  unreadable: 9001,
  zipBomb: 9002,
  pathTraversal: 9003,
} as const;

export const packageSchema = z.object({
  pkgId: z.string(),
  appId: z.string(),
  objectId: z.string(),
  kind: z.enum(PACKAGE_KINDS).nullable(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  parseState: z.number().int(),
  failureCode: z.number().int().nullable(),
  failureReason: z.string().nullable(),
  packageName: z.string().nullable(),
  versionCode: z.number().int().nullable(),
  versionName: z.string().nullable(),
  minSdk: z.number().int().nullable(),
  targetSdk: z.number().int().nullable(),
  permissions: z.array(z.string()),
  label: z.string().nullable(),
  debuggable: z.boolean(),
  certificates: z.array(z.string()),
  signingSchemes: z.array(z.string()),
  /** The signer differs from the previous parsed package of the app: ask before using it. */
  signatureChanged: z.boolean(),
  iconObjectId: z.string().nullable(),
  extra: z.record(z.string(), z.unknown()),
  remark: z.string().nullable(),
  createdAt: z.string(),
  parsedAt: z.string().nullable(),
});
export type PackageInfo = z.infer<typeof packageSchema>;
