/**
 * Hosting: a project's static sites, each deploy an immutable version released to the live
 * channel or to preview channels; what it serves is shaped by a configuration in Firebase
 * Hosting's terms (redirects, rewrites, headers, clean URLs).
 */
export const HOSTING_LIMITS = {
  sitesPerProject: 10,
  /** Versions kept per site; older ones no channel serves are pruned. */
  versionsKept: 30,
  filesPerVersion: 5000,
  zipBytes: 100 * 1024 * 1024,
  unzippedBytes: 200 * 1024 * 1024,
  fileBytes: 50 * 1024 * 1024,
  previewChannels: 10,
  rules: 50,
} as const;

export const LIVE_CHANNEL = 'live';
/** A preview channel's name: served at `/sites/<site>--<channel>/`. */
export const CHANNEL_NAME = /^[a-z0-9](?:[a-z0-9-]{0,18}[a-z0-9])?$/;

export interface HostingRedirect {
  source: string;
  destination: string;
  type: 301 | 302;
}
export interface HostingRewrite {
  source: string;
  destination: string;
}
export interface HostingHeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}
export interface HostingConfig {
  /** `/about` serves `about.html`. */
  cleanUrls: boolean;
  redirects: HostingRedirect[];
  rewrites: HostingRewrite[];
  headers: HostingHeaderRule[];
}

export const DEFAULT_HOSTING_CONFIG: HostingConfig = { cleanUrls: false, redirects: [], rewrites: [], headers: [] };

/** Headers a site may not set: the connection's, the encoding the server chose, and cookies (none on this origin). */
export const HOSTING_RESERVED_HEADERS = ['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'host'];

/** Why a file's path in a site is refused, or null: relative, no empty, `.` or `..` parts. */
export function sitePathProblem(path: string): 'empty' | 'segment' | 'control' | 'tooLong' | null {
  if (path.length === 0) return 'empty';
  if (path.length > 512) return 'tooLong';
  if ([...path].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return 'control';
  if (path.split('/').some((s) => s === '' || s === '.' || s === '..')) return 'segment';
  return null;
}

/** A redirect's destination: a path of the site, or an http(s) address. */
export const redirectDestinationOk = (d: string) => (d.startsWith('/') && !d.startsWith('//') && !d.includes('\\')) || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(d);
