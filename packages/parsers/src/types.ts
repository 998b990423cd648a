// Public types of the package parsers (re-exported by ./index.ts).

export type PackageKind = 'apk' | 'aab' | 'hap' | 'app' | 'rpk' | 'exe' | 'obb' | 'wpk';

export const PACKAGE_KINDS: readonly PackageKind[] = ['apk', 'aab', 'hap', 'app', 'rpk', 'exe', 'obb', 'wpk'];

export interface ParsedIcon {
  entry: string;
  mime: 'image/png' | 'image/webp' | 'image/jpeg';
  bytes: Buffer;
}

export type SigningScheme = 'v1' | 'v2' | 'v3' | 'hap';

export interface SignerCertificate {
  /** SHA-256 of the certificate's DER, lowercase hex without colons. */
  sha256: string;
  subject?: string;
}

export interface ParsedPackage {
  kind: PackageKind;
  /** bundleName for HAP/APP, package for RPK. */
  packageName: string | null;
  versionCode: number | null;
  versionName: string | null;
  /** minAPIVersion for HAP/APP, kept raw (e.g. 50000012); the decoded level is in extra.apiLevel. */
  minSdk: number | null;
  targetSdk: number | null;
  permissions: string[];
  /** Resolved when literal or resolvable cheaply from the package's resources; else the raw reference. */
  label: string | null;
  icon: ParsedIcon | null;
  debuggable: boolean;
  signing: { schemes: SigningScheme[]; certificates: SignerCertificate[] };
  extra: Record<string, unknown>;
}

export type ParseFailureReason =
  | 'notAPackage'
  | 'unsupportedKind'
  | 'truncated'
  | 'zipBomb'
  | 'pathTraversal'
  | 'entryTooLarge'
  | 'manifestInvalid'
  | 'timeout';

export class PackageParseError extends Error {
  override readonly name = 'PackageParseError';
  constructor(
    readonly reason: ParseFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export interface ParseLimits {
  /** Largest entry the parsers ever decompress or read into memory. */
  maxEntryBytes: number;
  /** Largest declared uncompressed/compressed ratio of any entry of at least RATIO_CHECK_MIN_BYTES. */
  maxRatio: number;
  /** Most entries a zip may list in its central directory. */
  maxEntries: number;
  /** Largest sum of the declared uncompressed sizes of all entries. */
  maxTotalUncompressed: number;
  timeoutMs: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: ParseLimits = Object.freeze({
  maxEntryBytes: 16 * MiB,
  maxRatio: 200,
  maxEntries: 100_000,
  maxTotalUncompressed: 8 * 1024 * MiB,
  timeoutMs: 30_000,
});

/** Entries smaller than this are not ratio-checked: a tiny all-zero file is not a bomb. */
export const RATIO_CHECK_MIN_BYTES = 1 * MiB;
/** The central directory itself is read whole-entry by entry; refuse absurd ones early. */
export const MAX_CENTRAL_DIRECTORY_BYTES = 64 * MiB;
/** Icons larger than this are not returned. */
export const MAX_ICON_BYTES = 2 * MiB;
/** Signing blocks (APK/RPK/HAP) larger than this are refused. */
export const MAX_SIGNING_BLOCK_BYTES = 16 * MiB;

export interface ParseOptions {
  kind?: PackageKind;
  limits?: Partial<ParseLimits>;
  /** The name the file was uploaded with (OBB metadata comes from it); defaults to the path's base name. */
  fileName?: string;
  /**
   * Instrumentation: called before every read of the file with its position and length.
   * It may return a promise (awaited before the read). Tests count bytes with it.
   */
  onRead?: (position: number, length: number) => void | Promise<void>;
}
