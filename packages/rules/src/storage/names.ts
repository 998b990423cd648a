/**
 * Names and limits of Cloud Storage: bucket names as S3 and Google Cloud Storage take them
 * (so a bucket can move to either), object names as paths without empty, `.` or `..`
 * segments (a name is never a file system path, but a traversal-looking name is refused
 * all the same so nothing downstream has to think about it).
 */
export const STORAGE_LIMITS = {
  objectNameBytes: 1024,
  metadataKeys: 20,
  metadataKeyLength: 64,
  metadataValueLength: 512,
  bucketsPerProject: 10,
  /** A resumable upload's session lives a week, as Google Cloud Storage's. */
  uploadSessionMs: 7 * 24 * 3600_000,
  /** One chunk of a resumable upload. */
  chunkMaxBytes: 64 * 1024 * 1024,
  listPageMax: 1000,
  signedUrlMaxSeconds: 7 * 24 * 3600,
} as const;

const BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** Why a bucket name is refused, or null. */
export function bucketNameProblem(name: string): 'pattern' | 'doubleHyphen' | null {
  if (!BUCKET.test(name)) return 'pattern';
  if (name.includes('--')) return 'doubleHyphen';
  return null;
}

const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** Why an object name is refused, or null. */
export function objectNameProblem(name: string): 'empty' | 'tooLong' | 'control' | 'segment' | null {
  if (name.length === 0) return 'empty';
  if (new TextEncoder().encode(name).length > STORAGE_LIMITS.objectNameBytes) return 'tooLong';
  if (hasControl(name)) return 'control';
  if (name.split('/').some((s) => s === '' || s === '.' || s === '..')) return 'segment';
  return null;
}

/** Why a folder prefix (`a/b/`, or empty for the top) is refused, or null. */
export function prefixProblem(prefix: string): 'control' | 'segment' | 'tooLong' | null {
  if (prefix === '') return null;
  if (!prefix.endsWith('/')) return 'segment';
  const problem = objectNameProblem(prefix.slice(0, -1));
  return problem === 'empty' ? 'segment' : problem;
}

/** The type stored when a client names none. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Types a browser would run or render as a page of the origin: served as attachments,
 * never inline, whatever the uploader said (HTML with a script, SVG, XML, JavaScript).
 */
export function isActiveContentType(contentType: string): boolean {
  const t = contentType.split(';')[0]!.trim().toLowerCase();
  if (/^(image|audio|video|font)\//.test(t)) return t === 'image/svg+xml';
  if (t === 'text/plain' || t === 'text/csv' || t === 'application/pdf' || t === 'application/json' || t === 'application/octet-stream' || t === 'application/zip') return false;
  return true;
}
