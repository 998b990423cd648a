import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, unique, uuid, foreignKey } from 'drizzle-orm/pg-core';
import { projects } from '../projects/public';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull();

/** A layer version a function runs with. */
export interface LayerRef {
  layerId: string;
  version: number;
}

/** A project's cloud functions: each row is its `$latest` (editable code and settings). */
export const cloudFunctions = pgTable(
  'cloud_functions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    handler: text('handler').notNull(),
    memoryMb: integer('memory_mb').notNull(),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    concurrency: integer('concurrency').notNull(),
    description: text('description').notNull(),
    /** Who may call its HTTP address: `none` (anyone), `apiClient`, `appUser`; for every version and alias. */
    httpAuth: text('http_auth').$type<'none' | 'apiClient' | 'appUser'>().notNull().default('none'),
    codeSha256: text('code_sha256').notNull(),
    /** Variable names with a hint of each value; the values are one sealed secret. */
    env: jsonb('env').$type<{ name: string; hint: string }[]>().notNull(),
    envSecretId: uuid('env_secret_id'),
    /** The last version's number; the next publish takes one more. */
    lastVersion: integer('last_version').notNull().default(0),
    /** The layers its code runs with, in order (a later one's files win). */
    layers: jsonb('layers').$type<LayerRef[]>().notNull().default([]),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [unique('cloud_functions_project_name').on(t.projectId, t.name), index('cloud_functions_project_created').on(t.projectId, t.createdAt, t.id)],
);

/** A function's code by its hash: `$latest` and its versions share what is the same. */
export const cloudFunctionCode = pgTable(
  'cloud_function_code',
  {
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    /** Relative path → source text, for inline code. */
    files: jsonb('files').$type<Record<string, string>>().notNull(),
    size: integer('size').notNull(),
    /** The module the runner loads. */
    entry: text('entry').notNull().default('index.js'),
    /** For code from a zip: the zip in object storage (the function's own copy), and its files. */
    archiveKey: text('archive_key'),
    manifest: jsonb('manifest').$type<{ path: string; size: number }[]>(),
  },
  (t) => [primaryKey({ columns: [t.functionId, t.sha256] })],
);

/** Published versions: never changed, deleted only when no alias uses them. */
export const cloudFunctionVersions = pgTable(
  'cloud_function_versions',
  {
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    description: text('description').notNull(),
    handler: text('handler').notNull(),
    memoryMb: integer('memory_mb').notNull(),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    concurrency: integer('concurrency').notNull(),
    codeSha256: text('code_sha256').notNull(),
    envSecretId: uuid('env_secret_id'),
    layers: jsonb('layers').$type<LayerRef[]>().notNull().default([]),
    createdAt: at('created_at'),
  },
  (t) => [primaryKey({ columns: [t.functionId, t.version] }), foreignKey({ columns: [t.functionId, t.codeSha256], foreignColumns: [cloudFunctionCode.functionId, cloudFunctionCode.sha256] })],
);

/** Named pointers at one version, or two by weight. */
export const cloudFunctionAliases = pgTable(
  'cloud_function_aliases',
  {
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    additionalVersion: integer('additional_version'),
    additionalWeight: integer('additional_weight').notNull(),
    description: text('description').notNull(),
    updatedAt: at('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.functionId, t.name] }),
    foreignKey({ columns: [t.functionId, t.version], foreignColumns: [cloudFunctionVersions.functionId, cloudFunctionVersions.version] }),
    foreignKey({ columns: [t.functionId, t.additionalVersion], foreignColumns: [cloudFunctionVersions.functionId, cloudFunctionVersions.version] }),
  ],
);

/** Runner hosts on other machines that registered (`npm run runner`), with when each was last heard. */
export const functionRunnerHosts = pgTable('function_runner_hosts', {
  url: text('url').primaryKey(),
  registeredAt: at('registered_at'),
  lastSeenAt: at('last_seen_at'),
});

/**
 * Every call of a function, however it came (HTTP, a test, a timer, an event): what ran and
 * how it ended. Kept `FUNCTION_LOG_DAYS`. Written thousands a second under load, so it has
 * one index, by function and time, which every read and the pruning use (no key on the
 * random id: its index cost more than the row).
 */
export const functionInvocations = pgTable(
  'function_invocations',
  {
    id: uuid('id').notNull(),
    projectId: uuid('project_id').notNull(),
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    /** `$latest` or the version's number. */
    version: text('version').notNull(),
    alias: text('alias'),
    trigger: text('trigger').$type<'http' | 'test' | 'timer' | 'event'>().notNull(),
    requestId: text('request_id').notNull(),
    startedAt: at('started_at'),
    durationMs: real('duration_ms').notNull(),
    outcome: text('outcome').$type<'ok' | 'error' | 'timeout' | 'crashed' | 'throttled'>().notNull(),
    coldStart: boolean('cold_start').notNull(),
    error: text('error'),
    /** The runner's resident memory as the call ended, MB (none for a call that did not answer). */
    memoryMb: real('memory_mb'),
  },
  (t) => [index('function_invocations_function_started').on(t.functionId, t.startedAt)],
);

/** What calls printed, a row a line (console and the logger argument), searchable by its words. Kept `FUNCTION_LOG_DAYS`. */
export const functionLogLines = pgTable(
  'function_log_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    invocationId: uuid('invocation_id').notNull(),
    requestId: text('request_id').notNull(),
    version: text('version').notNull(),
    at: at('at'),
    level: text('level').$type<'info' | 'warn' | 'error' | 'debug'>().notNull(),
    message: text('message').notNull(),
    /** The message's words as searches match them ('simple': lower-cased, no stemming), kept so a search does not split every line it passes. */
    words: tsvector('words')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "message")`),
  },
  (t) => [
    index('function_log_lines_function_at').on(t.functionId, t.at, t.id),
    index('function_log_lines_request').on(t.functionId, t.requestId),
    index('function_log_lines_words').using('gin', t.words),
  ],
);

/**
 * A function's triggers: timers (cron in a time zone; each pending firing is a due action
 * keyed by the trigger) and event subscriptions (Cloud Storage, Auth Service), matched in
 * the event bus's delivery transaction.
 */
export const functionTriggers = pgTable(
  'function_triggers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    /** Denormalised from the function, so an event finds its project's triggers by index. */
    projectId: uuid('project_id').notNull(),
    kind: text('kind').$type<'timer' | 'event'>().notNull(),
    name: text('name').notNull(),
    qualifier: text('qualifier').notNull(),
    enabled: boolean('enabled').notNull(),
    /** A timer's: its expression, zone, missed-run policy and payload. */
    cron: text('cron'),
    timeZone: text('time_zone'),
    missed: text('missed').$type<'skip' | 'runOnce'>(),
    payload: jsonb('payload'),
    /** An event trigger's: the source, the event types it takes and the filter they must pass. */
    eventSource: text('event_source').$type<'storage' | 'auth' | 'clouddb'>(),
    eventTypes: jsonb('event_types').$type<string[]>(),
    eventFilter: jsonb('event_filter').$type<Record<string, string>>(),
    /** Attempts of each run before it is a dead letter. */
    attempts: integer('attempts').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [index('function_triggers_function').on(t.functionId, t.createdAt), index('function_triggers_project_source').on(t.projectId, t.eventSource)],
);

/**
 * What triggers asked to run, written in the transaction that fired them and run after it,
 * outside any transaction (a call may take a minute): taken with a lease, tried again with
 * backoff, `dead` after the last attempt until replayed.
 */
export const functionTriggerRuns = pgTable(
  'function_trigger_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    triggerId: uuid('trigger_id'),
    triggerName: text('trigger_name').notNull(),
    kind: text('kind').$type<'timer' | 'event'>().notNull(),
    qualifier: text('qualifier').notNull(),
    event: jsonb('event').notNull(),
    scheduledFor: at('scheduled_for'),
    state: text('state').$type<'pending' | 'running' | 'done' | 'dead'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** When a pending run may be taken, or when a running one's lease ends (its instance died). */
    nextAt: at('next_at'),
    lastError: text('last_error'),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [index('function_trigger_runs_due').on(t.state, t.nextAt), index('function_trigger_runs_function').on(t.functionId, t.updatedAt)],
);

/** A function's saved test events (AppGallery Connect's test parameters), by name. */
export const functionTestEvents = pgTable(
  'function_test_events',
  {
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    event: jsonb('event').notNull(),
    updatedAt: at('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.functionId, t.name] })],
);

/** Alarms on a function's calls: a metric over a window against a threshold; its owner is mailed when it fires and when it clears. */
export const functionAlarms = pgTable(
  'function_alarms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    /** Who is mailed (the member who made it). */
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    metric: text('metric').$type<'errorRate' | 'errors' | 'p95' | 'throttles'>().notNull(),
    threshold: real('threshold').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    enabled: boolean('enabled').notNull(),
    state: text('state').$type<'ok' | 'alarm'>().notNull(),
    /** The metric's value at the last evaluation (null: no calls in the window). */
    lastValue: real('last_value'),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true, mode: 'date' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [index('function_alarms_function').on(t.functionId, t.createdAt), index('function_alarms_due').on(t.enabled, t.evaluatedAt)],
);

/** Runners kept warm for a qualifier during given hours of given days, on each instance that runs functions. */
export const functionPreloadPolicies = pgTable(
  'function_preload_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    functionId: uuid('function_id')
      .notNull()
      .references(() => cloudFunctions.id, { onDelete: 'cascade' }),
    qualifier: text('qualifier').notNull(),
    instances: integer('instances').notNull(),
    days: jsonb('days').$type<number[]>().notNull(),
    startHour: integer('start_hour').notNull(),
    endHour: integer('end_hour').notNull(),
    timeZone: text('time_zone').notNull(),
    enabled: boolean('enabled').notNull(),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [index('function_preload_policies_function').on(t.functionId)],
);

/** What each server instance last said its runners were (every 5 s), for the instances view across instances. */
export const functionRunnerSnapshots = pgTable('function_runner_snapshots', {
  instance: text('instance').primaryKey(),
  at: at('at'),
  runners: jsonb('runners').$type<Array<{ key: string; state: 'starting' | 'idle' | 'busy'; calls: number; startedAt: number; lastUsedAt: number; memoryMb: number | null; held: boolean }>>().notNull(),
});

/** Layers: packages (`node_modules`) a project's functions share, by name. */
export const functionLayers = pgTable(
  'function_layers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The last version's number; the next takes one more (numbers are never reused). */
    lastVersion: integer('last_version').notNull().default(0),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [unique('function_layers_project_name').on(t.projectId, t.name)],
);

/** A layer's versions: never changed once ready; a build's state, log and what it installed. */
export const functionLayerVersions = pgTable(
  'function_layer_versions',
  {
    layerId: uuid('layer_id')
      .notNull()
      .references(() => functionLayers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    description: text('description').notNull(),
    source: text('source').$type<'zip' | 'packageJson'>().notNull(),
    state: text('state').$type<'building' | 'ready' | 'failed'>().notNull(),
    packageJson: text('package_json'),
    /** The zip of `node_modules` in object storage, once ready. */
    archiveKey: text('archive_key'),
    sha256: text('sha256'),
    zipSize: integer('zip_size').notNull().default(0),
    unzippedSize: integer('unzipped_size').notNull().default(0),
    files: integer('files').notNull().default(0),
    /** The packages at the top of its `node_modules`, with their versions. */
    packages: jsonb('packages').$type<{ name: string; version: string }[]>().notNull().default([]),
    buildLog: text('build_log').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: at('created_at'),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.layerId, t.version] })],
);
