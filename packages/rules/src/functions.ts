// Cloud functions' rules both sides share: limits, names, and which version an alias's
// call goes to.

export const FUNCTION_LIMITS = {
  memoryMb: [128, 256, 512, 1024] as const,
  timeoutSeconds: { min: 1, max: 60 },
  concurrency: { min: 1, max: 100 },
  envVars: 50,
  envValueChars: 4096,
  /** Inline source: all files together, and how many (the console's editor). */
  inlineCodeBytes: 512 * 1024,
  inlineFiles: 30,
  /** A zip of the function's files: as uploaded, unpacked, and how many files. */
  zipBytes: 20 * 1024 * 1024,
  unzippedBytes: 100 * 1024 * 1024,
  zipEntries: 5000,
  /** A call's body through the HTTP trigger, and a test event. */
  eventBytes: 6 * 1024 * 1024,
  /** What a call's answer may hold. */
  resultBytes: 6 * 1024 * 1024,
  aliasWeight: { min: 0, max: 100 },
  versionsPerFunction: 100,
  aliasesPerFunction: 20,
  /** Lines a call keeps for its logs, and the characters of each. */
  logLinesPerCall: 1000,
  logLineChars: 8192,
  /** Words a log search may hold. */
  logSearchChars: 200,
} as const;

/**
 * Layers: packages several functions share, from a zip of `node_modules` or built from a
 * `package.json` on the server (npm, install scripts never run).
 */
export const LAYER_LIMITS = {
  /** A layer version's zip, as uploaded or as built, unpacked, and how many files. */
  zipBytes: 50 * 1024 * 1024,
  unzippedBytes: 200 * 1024 * 1024,
  zipEntries: 20_000,
  packageJsonBytes: 64 * 1024,
  /** Layers one function uses, in order (a later one's files win over an earlier one's). */
  perFunction: 5,
  layersPerProject: 50,
  versionsPerLayer: 100,
  /** How long a build may take before it is stopped. */
  buildSeconds: 300,
  /** The build log's characters kept. */
  buildLogChars: 64 * 1024,
} as const;

export const LAYER_NAME = /^[a-z][a-z0-9-]{0,62}[a-z0-9]$/;
export const LAYER_STATES = ['building', 'ready', 'failed'] as const;
export type LayerState = (typeof LAYER_STATES)[number];

/** The spans the metrics chart offers, with the width of each bar. */
export const FUNCTION_METRIC_RANGES = {
  '1h': { hours: 1, bucketSeconds: 60 },
  '24h': { hours: 24, bucketSeconds: 900 },
  '7d': { hours: 168, bucketSeconds: 3600 },
} as const;
export type FunctionMetricRange = keyof typeof FUNCTION_METRIC_RANGES;

/** How a call ended; `throttled` never ran (every runner was busy). */
export const INVOCATION_OUTCOMES = ['ok', 'error', 'timeout', 'crashed', 'throttled'] as const;
export const INVOCATION_TRIGGERS = ['http', 'test', 'timer', 'event'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/** The alias every function has: its editable code and settings, not a published version. */
export const LATEST = '$latest';

/** A path of inline code: up to five folders deep, no segment starting with a dot (so no `..`). */
export const SOURCE_PATH = /^[A-Za-z0-9_-][\w.-]{0,63}(?:\/[A-Za-z0-9_-][\w.-]{0,63}){0,4}$/;
/** The module inline code's runner loads. */
export const INLINE_ENTRY = 'index.js';

export const FUNCTION_NAME = /^[a-z][a-z0-9-]{0,62}[a-z0-9]$/;
export const ALIAS_NAME = /^[a-z][a-z0-9-]{0,30}[a-z0-9]$/;
export const HANDLER_NAME = /^[A-Za-z_$][\w$]{0,63}$/;
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Where a request id falls in 0..99, the same on every server and in every test: FNV-1a
 * over its UTF-16 code units. An alias splitting traffic sends shares below its weight to
 * the additional version.
 */
export function trafficShare(requestId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < requestId.length; i += 1) {
    hash ^= requestId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

export interface AliasRoute {
  version: number;
  additionalVersion: number | null;
  additionalWeight: number;
}

/** The version an alias's call runs: the additional one for the request ids that fall in its weight. */
export function routeVersion(alias: AliasRoute, requestId: string): number {
  if (alias.additionalVersion === null || alias.additionalWeight <= 0) return alias.version;
  return trafficShare(requestId) < alias.additionalWeight ? alias.additionalVersion : alias.version;
}

/** The handler a new function starts from (AppGallery Connect's callback shape). */
export const FUNCTION_TEMPLATE = `// Called with the event (an HTTP trigger's request, or the test body) and its context.
let myHandler = function (event, context, callback, logger) {
  logger.info('event: ' + JSON.stringify(event));
  const name = (event && event.queryStringParameters && event.queryStringParameters.name) || 'world';
  callback({ message: 'Hello, ' + name + '!' });
};

module.exports.myHandler = myHandler;
`;
