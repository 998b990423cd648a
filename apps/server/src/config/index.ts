import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS } from './rate-limits';
import { FAULT_POINTS, type FaultPointName } from '../platform/fault-points';

/**
 * The only reader of process.env. Everything else receives a Config, so tests build
 * isolated apps with whatever settings they need.
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes' || v === 'on');

const zoneUrls = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return {} as Record<string, string>;
    try {
      return z.record(z.string(), z.string()).parse(JSON.parse(v));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of zone to URL' });
      return z.NEVER;
    }
  });

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  USER_CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  USER_CONTENT_ORIGIN: z
    .string()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^\s/]+$/.test(v), 'an origin such as https://usercontent.example.com, without a path'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  CSRF_HEADER_NAME: z.string().regex(/^[A-Za-z0-9-]+$/).default('X-CSRF-Token'),
  ZONE_GATEWAYS: zoneUrls,
  ZONE_REPORT_URLS: zoneUrls,
  HA_REPORT_URL: z.string().optional(),
  ERROR_REPORT_URL: z.string().optional(),
  DEFAULT_ZONE: z.enum(['china', 'singapore', 'europe', 'russia', 'iran']).default('china'),
  FEATURE_SWITCHES: z.string().optional(),
  SMTP_URL: z.string().optional(),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  MAIL_FROM: z.string().default('Wharf <no-reply@localhost>'),
  DUE_ACTIONS_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  WHARF_TEST_CLOCK: bool,
  WHARF_FAULT_POINT: z.enum(FAULT_POINTS).optional(),
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(23 * 3600).default(900),
  PUBLIC_URL: z.string().url().optional(),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(64).max(1_048_576).default(19_456),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  SESSION_REAL_TTL_HOURS: z.coerce.number().min(1).max(24 * 30).default(12),
  RISK_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  RISK_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  RISK_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  RATE_LIMITS: z.string().optional(),
  EVENTS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  EVENTS_RETENTION_DAYS: z.coerce.number().min(0.01).max(365).default(7),
  ANALYTICS_ROLLUP_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  ANALYTICS_REPORTS_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  CANARY_PERCENT: z.coerce.number().min(0).max(100).default(0),
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  TRUST_PROXY: bool,
  FRAME_ANCESTORS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^\s/'";]+$/, 'origins such as https://portal.example.com'))),
  // Words that hold a review for an operator, beside the built-in lists (comma-separated).
  REVIEW_HELD_WORDS: z
    .string()
    .max(20_000)
    .optional()
    .transform((v) => (v ?? '').split(',').map((w) => w.trim()).filter(Boolean)),
  WHARF_OPERATOR_EMAIL: z.string().email().optional(),
  WHARF_OPERATOR_PASSWORD: z.string().min(8).optional(),
  WHARF_JOBS: z.enum(['on', 'off']).default('on'),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(4 * 1024 ** 3),
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  FILE_URL_SECRET: z.string().min(32).optional(),
  SECRETS_KEY: z.string().optional(),
  STORAGE_PROJECT_QUOTA_MB: z.coerce.number().int().min(1).default(5120),
  STORAGE_MAX_OBJECT_MB: z.coerce.number().int().min(1).default(5120),
  PROJECT_DATABASES_URL: z.string().url().optional(),
  PROJECT_DATABASES_HOST: z.string().optional(),
  PROJECT_DATABASE_SIZE_MB: z.coerce.number().int().min(1).default(1024),
  PROJECT_DATABASE_CONNECTIONS: z.coerce.number().int().min(2).max(1000).default(20),
  PROJECT_DATABASE_STATEMENT_SECONDS: z.coerce.number().min(0.5).max(600).default(15),
  PROJECT_DATABASE_TASK_STATEMENT_SECONDS: z.coerce.number().min(1).max(86_400).default(600),
  SECRETS_OLD_KEYS: z.string().default(''),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  UPLOAD_URL_ALLOW: z.string().default(''),
  UPLOAD_URL_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  DEMO_SEED: z.enum(['on', 'off']).default('on'),
  DEMO_PACKAGES_DIR: z.string().optional(),
  AUTO_APPROVE: bool,
  DISTRIBUTION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  DISTRIBUTION_COUNTS_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  DOWNLOAD_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  FUNCTIONS_DIR: z.string().optional(),
  FUNCTIONS_MAX_RUNNERS: z.coerce.number().int().min(1).max(10_000).default(16),
  FUNCTIONS_SPARE_RUNNERS: z.coerce.number().int().min(0).max(100).default(1),
  FUNCTIONS_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  FUNCTIONS_EGRESS: z.enum(['on', 'off']).default('off'),
  FUNCTIONS_RUNNERS: z.enum(['local', 'remote']).default('local'),
  FUNCTIONS_RUNNER_TOKEN: z.string().min(32).optional(),
  FUNCTIONS_RUNNER_URLS: z.string().optional(),
  FUNCTION_LOG_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  FUNCTION_LAYER_REGISTRY: z.url({ protocol: /^https?$/ }).default('https://registry.npmjs.org/'),
});

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /**
   * The second origin user-written content is served from (hosted sites, function URLs,
   * storage downloads), on a listener of its own; null: http://usercontent.localhost:<port>.
   */
  userContent: { port: number; origin: string | null };
  dataDir: string;
  /** Cloud functions' runners on this machine (docs/cloud-functions.md). */
  functions: {
    dir: string;
    maxRunners: number;
    sparePerSize: number;
    idleMs: number;
    egress: boolean;
    /** `remote`: calls run on runner hosts (`npm run runner`) that registered or are listed, never here. */
    runners: 'local' | 'remote';
    /** The secret the server and its runner hosts share; null: no host can register. */
    runnerToken: string | null;
    runnerUrls: string[];
    /** Days a function's invocations and log lines are kept. */
    logDays: number;
    /** The npm registry layers are built from: the only address a build reaches. */
    layerRegistry: string;
  };
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; poolSize: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  csrfHeaderName: string;
  zoneGateways: Record<string, string>;
  zoneReportUrls: Record<string, string>;
  haReportUrl: string | null;
  errorReportUrl: string | null;
  defaultZone: 'china' | 'singapore' | 'europe' | 'russia' | 'iran';
  featureSwitches: Record<string, boolean>;
  smtpUrl: string | null;
  /** Where text messages are POSTed (docs/kernel/sms.md); without it they are written to the log. */
  smsWebhook: { url: string; token: string | null } | null;
  mailFrom: string;
  dueActionsTickMs: number;
  shutdownTimeoutMs: number;
  /**
   * On shutdown the instance first answers its readiness check with 503 and keeps serving
   * this long, so a balancer stops sending before the listener closes.
   */
  shutdownDrainDelayMs: number;
  /** Exposes the test clock route. Never true in production (loadConfig refuses). */
  testClock: boolean;
  /** Crash tests: the process kills itself at this point (see platform/fault-points). Never set in production. */
  faultPoint: FaultPointName | null;
  /** Background job workers (pg-boss); tests that do not need them switch them off. */
  jobs: boolean;
  /** A job running longer than this is counted as dead (its process crashed) and retried. */
  jobExpireSeconds: number;
  maxUploadBytes: number;
  /** An upload that sends nothing for this long is refused (a stalled or crawling client); 0: never. */
  uploadIdleTimeoutMs: number;
  /** Where files live: DATA_DIR/files, or an S3-compatible bucket. */
  storage:
    | { kind: 'local' }
    | { kind: 's3'; endpoint?: string; region: string; bucket: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  /** Signs download URLs; without one, a secret is generated once and kept in the database. */
  fileUrlSecret: string | null;
  /**
   * Encrypts secrets at rest (base64 of 32 bytes); null: a key file under DATA_DIR. Old
   * keys still decrypt what they encrypted until it is re-encrypted (key rotation).
   */
  secrets: { key: string | null; oldKeys: string[]; keyFile: string };
  /** Hosts upload-by-URL may fetch from (exact names, or `.example.com` for subdomains). */
  uploadUrlAllow: string[];
  uploadUrlTimeoutMs: number;
  /** Seed the demo project on an empty platform at start. */
  demoSeed: boolean;
  /** Real builds the demo seed releases (tipsy-release.aab, arktscalc-debug-signed.hap); without them the demo apps get drafts only. */
  demoPackagesDir: string;
  /** Approve every review task at once: for single-organisation deployments without reviewers. */
  autoApprove: boolean;
  /** How long an app's release facts answer device update checks before they are read again. */
  distributionCacheTtlMs: number;
  /** How often downloads and update checks counted in memory are written; 0: each download at once. */
  distributionCountsFlushMs: number;
  /** Bytes of packages kept in memory for downloads (platform/storage/hot-objects.ts); 0: every download read from storage. */
  downloadCacheBytes: number;
  storageDir: string;
  /** Base of links in mail (invitations, password resets); default: this server's address. */
  publicUrl: string | null;
  /** Cloud Storage: what a project may keep in all its buckets, and one file's largest size. */
  cloudStorage: { projectQuotaBytes: number; maxObjectBytes: number };
  /**
   * Projects' own databases (database management): the PostgreSQL server they are made on,
   * as a role that may create databases and roles (default: the platform's own server and
   * role; none on the embedded database), the host teams connect to, and each one's quotas.
   */
  projectDatabases: { url: string | null; publicHost: string | null; sizeQuotaBytes: number; connectionLimit: number; statementMs: number; taskStatementMs: number };
  argon2MemoryKib: number;
  sessionRealTtlMs: number;
  /** How long an instance may reuse a session lookup; 0 looks up on every call. */
  sessionCacheTtlMs: number;
  risk: { maxFailuresPerAccount: number; maxFailuresPerAddress: number; windowMs: number };
  /** Requests per minute per address; 0 switches the general limit off. */
  rateLimitPerMinute: number;
  /** Policies of the shared limits endpoints declare by class (RATE_LIMITS overrides, per class). */
  rateLimits: Record<string, { limit: number; windowMs: number }>;
  /** The event bus: how often each instance looks for due deliveries, and how long settled events are kept. */
  events: { pollMs: number; retentionMs: number };
  /** Analytics: how often each instance folds newly stored events into the counts the dashboards read. */
  analytics: { rollupMs: number; reportsMs: number };
  /** Share of users (0–100) who get the canary (x-hd-grey) cookie. */
  canaryPercent: number;
  cookieSecure: 'auto' | 'always' | 'never';
  /** Behind a TLS-terminating proxy: take the client address and protocol from X-Forwarded-*. */
  trustProxy: boolean;
  /** Origins that may frame the console (embedded app mode); the console's own origin always may. */
  frameAncestors: string[];
  /** An operator's own words that hold a review (docs/ratings.md, "Moderation"). */
  reviewHeldWords: string[];
  operatorBootstrap: { email: string | null; password: string | null };
}

const here = path.dirname(new URL(import.meta.url).pathname);
export const DEFAULT_WEB_DIST = path.resolve(here, '../../../web/dist');
/** The shared package samples beside the checkout (as CI and developers have them). */
export const DEFAULT_DEMO_PACKAGES = path.resolve(here, '../../../../../shared/fixtures/packages');

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const mode = e.NODE_ENV === 'production' ? 'production' : e.NODE_ENV === 'test' ? 'test' : 'development';
  if (mode === 'production' && e.WHARF_TEST_CLOCK) {
    throw new ConfigError('WHARF_TEST_CLOCK cannot be set in production');
  }
  // Refused rather than ignored: a production server that kills itself on a named request
  // is an outage anyone could trigger, and a silently ignored flag hides a wrong deployment.
  if (mode === 'production' && e.WHARF_FAULT_POINT) {
    throw new ConfigError('WHARF_FAULT_POINT is for crash tests and cannot be set in production');
  }
  if (e.FUNCTIONS_RUNNERS === 'remote' && !e.FUNCTIONS_RUNNER_TOKEN) {
    throw new ConfigError('FUNCTIONS_RUNNERS=remote needs FUNCTIONS_RUNNER_TOKEN, the secret runner hosts are started with (RUNNER_TOKEN)');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  let switches: Record<string, boolean> = {};
  if (e.FEATURE_SWITCHES) {
    const s = z.record(z.string(), z.boolean()).safeParse(safeJson(e.FEATURE_SWITCHES));
    if (!s.success) throw new ConfigError('FEATURE_SWITCHES must be a JSON object of name to true/false');
    switches = s.data;
  }
  return {
    env: mode,
    port: e.PORT,
    host: e.HOST,
    // The port after the console's by default; any free one when the console's is (tests, bench).
    userContent: { port: e.USER_CONTENT_PORT ?? (e.PORT === 0 ? 0 : Math.min(e.PORT + 1, 65535)), origin: e.USER_CONTENT_ORIGIN ?? null },
    dataDir,
    functions: {
      dir: path.resolve(e.FUNCTIONS_DIR ?? path.join(dataDir, 'functions')),
      maxRunners: e.FUNCTIONS_MAX_RUNNERS,
      sparePerSize: e.FUNCTIONS_SPARE_RUNNERS,
      idleMs: e.FUNCTIONS_IDLE_SECONDS * 1000,
      egress: e.FUNCTIONS_EGRESS === 'on',
      runners: e.FUNCTIONS_RUNNERS,
      runnerToken: e.FUNCTIONS_RUNNER_TOKEN ?? null,
      runnerUrls: (e.FUNCTIONS_RUNNER_URLS ?? '').split(',').map((u) => u.trim()).filter(Boolean),
      logDays: e.FUNCTION_LOG_DAYS,
      layerRegistry: e.FUNCTION_LAYER_REGISTRY,
    },
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    csrfHeaderName: e.CSRF_HEADER_NAME,
    zoneGateways: e.ZONE_GATEWAYS,
    zoneReportUrls: e.ZONE_REPORT_URLS,
    haReportUrl: e.HA_REPORT_URL ?? null,
    errorReportUrl: e.ERROR_REPORT_URL ?? null,
    defaultZone: e.DEFAULT_ZONE,
    featureSwitches: switches,
    smtpUrl: e.SMTP_URL ?? null,
    smsWebhook: e.SMS_WEBHOOK_URL ? { url: e.SMS_WEBHOOK_URL, token: e.SMS_WEBHOOK_TOKEN ?? null } : null,
    mailFrom: e.MAIL_FROM,
    dueActionsTickMs: e.DUE_ACTIONS_TICK_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS,
    testClock: e.WHARF_TEST_CLOCK,
    faultPoint: e.WHARF_FAULT_POINT ?? null,
    jobs: e.WHARF_JOBS === 'on',
    jobExpireSeconds: e.JOB_EXPIRE_SECONDS,
    demoSeed: e.DEMO_SEED === 'on',
    demoPackagesDir: e.DEMO_PACKAGES_DIR ? path.resolve(e.DEMO_PACKAGES_DIR) : DEFAULT_DEMO_PACKAGES,
    autoApprove: e.AUTO_APPROVE,
    distributionCacheTtlMs: e.DISTRIBUTION_CACHE_TTL_MS,
    distributionCountsFlushMs: e.DISTRIBUTION_COUNTS_FLUSH_MS,
    downloadCacheBytes: e.DOWNLOAD_CACHE_MB * 1024 * 1024,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    uploadIdleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_MS,
    storage: storageOf(e),
    fileUrlSecret: e.FILE_URL_SECRET ?? null,
    secrets: { key: e.SECRETS_KEY || null, oldKeys: e.SECRETS_OLD_KEYS.split(',').map((k) => k.trim()).filter(Boolean), keyFile: path.join(dataDir, 'secrets.key') },
    uploadUrlAllow: e.UPLOAD_URL_ALLOW.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    uploadUrlTimeoutMs: e.UPLOAD_URL_TIMEOUT_MS,
    storageDir: path.join(dataDir, 'files'),
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    cloudStorage: { projectQuotaBytes: e.STORAGE_PROJECT_QUOTA_MB * 1024 * 1024, maxObjectBytes: e.STORAGE_MAX_OBJECT_MB * 1024 * 1024 },
    projectDatabases: {
      url: e.PROJECT_DATABASES_URL ?? (e.DATABASE_URL || null),
      publicHost: e.PROJECT_DATABASES_HOST ?? null,
      sizeQuotaBytes: e.PROJECT_DATABASE_SIZE_MB * 1024 * 1024,
      connectionLimit: e.PROJECT_DATABASE_CONNECTIONS,
      statementMs: Math.round(e.PROJECT_DATABASE_STATEMENT_SECONDS * 1000),
      taskStatementMs: Math.round(e.PROJECT_DATABASE_TASK_STATEMENT_SECONDS * 1000),
    },
    argon2MemoryKib: e.ARGON2_MEMORY_KIB,
    sessionRealTtlMs: e.SESSION_REAL_TTL_HOURS * 3_600_000,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    risk: {
      maxFailuresPerAccount: e.RISK_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.RISK_MAX_FAILURES_PER_ADDRESS,
      windowMs: e.RISK_WINDOW_MINUTES * 60_000,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimits: rateLimitsOf(e.RATE_LIMITS),
    events: { pollMs: e.EVENTS_POLL_MS, retentionMs: Math.round(e.EVENTS_RETENTION_DAYS * 86_400_000) },
    analytics: { rollupMs: e.ANALYTICS_ROLLUP_MS, reportsMs: e.ANALYTICS_REPORTS_MS },
    canaryPercent: e.CANARY_PERCENT,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    frameAncestors: e.FRAME_ANCESTORS,
    reviewHeldWords: e.REVIEW_HELD_WORDS,
    operatorBootstrap: { email: e.WHARF_OPERATOR_EMAIL ?? null, password: e.WHARF_OPERATOR_PASSWORD ?? null },
  };
}


const ratePolicies = z.record(z.string().regex(/^\w+$/), z.object({ limit: z.number().int().min(1), windowMs: z.number().int().min(1000).max(86_400_000) }).strict());

function rateLimitsOf(raw: string | undefined): Config['rateLimits'] {
  if (!raw) return { ...DEFAULT_RATE_LIMITS };
  const parsed = ratePolicies.safeParse(safeJson(raw));
  if (!parsed.success) throw new ConfigError('RATE_LIMITS must be a JSON object of class to {"limit": n, "windowMs": ms}, e.g. {"device":{"limit":600,"windowMs":60000}}');
  return { ...DEFAULT_RATE_LIMITS, ...parsed.data };
}

function storageOf(e: z.infer<typeof envSchema>): Config['storage'] {
  if (e.STORAGE === 'local') return { kind: 'local' };
  if (!e.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a server other than AWS)');
  return {
    kind: 's3',
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
    ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
