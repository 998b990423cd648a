import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServiceEntry } from '@wharf/contract';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { RowTurns } from './db/row-turns';
import type { Database, Db } from './db/types';
import type { DueActions } from './due-actions';
import type { AccessResolver, AppUserResolver, CredentialResolver } from './http/access';
import type { Extension, Extensions } from './extensions';
import type { Jobs } from './jobs';
import type { Lifecycle, LifecycleHooks } from './lifecycle';
import type { Mailer } from './mail';
import type { SmsOutbox } from './sms';
import type { EventBus, Subscription } from './events';
import type { PubSub } from './pubsub';
import type { RateLimiter } from './rate-limit';
import type { Secrets } from './secrets';
import type { UserContent } from './user-content';
import type { ObjectStorage } from './storage';

/** Everything a family may use, passed in explicitly: no module-level singletons. */
export interface Deps {
  config: Config;
  clock: Clock;
  database: Database;
  db: Db;
  storage: ObjectStorage;
  jobs: Jobs;
  dueActions: DueActions;
  mailer: Mailer;
  /** Text messages: an outbox delivered by the configured sender (docs/kernel/sms.md). */
  sms: SmsOutbox;
  /** Secrets at rest: sealed or hashed, never logged, shown once (docs/kernel/secrets.md). */
  secrets: Secrets;
  /** Limits shared by every instance; services count their own things too (docs/kernel/rate-limits.md). */
  rateLimits: RateLimiter;
  /** Events published with a change, delivered to subscribers at least once (docs/kernel/events.md). */
  events: EventBus;
  /** Messages between instances, not stored (cache invalidation, live updates). */
  pubsub: PubSub;
  /** Writes to one row wait their turn here, not holding a pooled connection (platform/db/row-turns.ts). */
  turns: RowTurns;
  /** The second origin user-written content is served from; families add routes to its `app`. */
  userContent: UserContent;
  log: FastifyBaseLogger;
  /** The services the families offer: the console's catalogue (serviceMap). */
  services: readonly ServiceEntry[];
  /** What the access check of `project:` calls needs to know of projects. */
  projectScopes: ProjectScopes;
  /** What every family does when a project or an app goes or changes teams (platform/lifecycle.ts). */
  lifecycle: Lifecycle;
  /** Answers families give to other families' questions (platform/extensions.ts). */
  extensions: Extensions;
  /**
   * The checks of the `app-client` and `api-client` levels, for a family that serves
   * requests outside the contract's endpoints (a function's HTTP address): the caller, or
   * the refusal the access layer would give.
   */
  credentials: Record<'app-client' | 'api-client', CredentialResolver>;
}

/**
 * Projects as the access layer sees them, given by the family that owns them (so the
 * access check, in accounts, imports no other family).
 */
export interface ProjectScopes {
  /** The team that owns the project; null when there is none. */
  teamOf(projectId: string): Promise<string | null>;
  /** Whether any of the apps is in the project (an App administrator's reach). */
  holdsAnyApp(projectId: string, appIds: readonly string[]): Promise<boolean>;
}

/** A family registers its routes, due-action handlers and job workers; nothing else is shared. */
export interface Family {
  name: string;
  register(app: FastifyInstance, deps: Deps): void | Promise<void>;
  /** A family that establishes callers (accounts) provides the resolver for every route. */
  accessResolver?: (deps: Deps) => AccessResolver;
  /** Runs once when a server starts (not when tests build an app): seeding, bootstrap. */
  onStart?(deps: Deps, print: (text: string) => void): Promise<void>;
  /** The family that issues app keys or API clients checks them for their access level. */
  credentials?: Partial<Record<'app-client' | 'api-client', (deps: Deps) => CredentialResolver>>;
  /** The family that issues app users' tokens checks them on `app-client:user` calls. */
  appUsers?: (deps: Deps) => AppUserResolver;
  /** Handlers of other families' (or its own) events. */
  subscriptions?: readonly Subscription[];
  /** The families that own projects and apps tell the access layer about them (each its part). */
  projectScopes?: (deps: Deps) => Partial<ProjectScopes>;
  /** What the family does when a project or an app it keeps data of goes or changes teams. */
  lifecycle?: (deps: Deps) => LifecycleHooks;
  /** Its answers to other families' extension points. */
  extensions?: readonly Extension[];
  /** Entries this family adds to the console's service catalogue. */
  services?: readonly ServiceEntry[];
  /** Work a running server repeats (never tests, which call it themselves); a run never overlaps the one before. */
  periodic?: readonly Periodic[];
}

export interface Periodic {
  name: string;
  everyMs: (config: Config) => number;
  run: (deps: Deps) => Promise<unknown>;
}
