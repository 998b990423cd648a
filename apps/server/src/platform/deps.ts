import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServiceEntry } from '@wharf/contract';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Database, Db } from './db/types';
import type { DueActions } from './due-actions';
import type { AccessResolver } from './http/access';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';
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
  log: FastifyBaseLogger;
  /** The services the families offer: the console's catalogue (serviceMap). */
  services: readonly ServiceEntry[];
}

/** A family registers its routes, due-action handlers and job workers; nothing else is shared. */
export interface Family {
  name: string;
  register(app: FastifyInstance, deps: Deps): void | Promise<void>;
  /** A family that establishes callers (accounts) provides the resolver for every route. */
  accessResolver?: (deps: Deps) => AccessResolver;
  /** Runs once when a server starts (not when tests build an app): seeding, bootstrap. */
  onStart?(deps: Deps, print: (text: string) => void): Promise<void>;
  /** Entries this family adds to the console's service catalogue. */
  services?: readonly ServiceEntry[];
}
