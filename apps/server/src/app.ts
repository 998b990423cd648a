import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { installSecurityHeaders } from './platform/http/security-headers';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { guardAddress, validatorCompiler } from './platform/http/validation';
import { parseAccess, type Endpoint } from '@wharf/contract';
import type { Config } from './config';
import { FAMILIES } from './families';
import { OffsetClock, systemClock, type Clock } from './platform/clock';
import type { Database } from './platform/db/types';
import { RowTurns } from './platform/db/row-turns';
import type { Deps, Family, ProjectScopes } from './platform/deps';
import { DueActions } from './platform/due-actions';
import { appClientCors } from './platform/http/cors';
import { credentialResolvers } from './platform/http/credentials';
import { refuseCredentials, sessionlessResolver, ANONYMOUS, type AccessResolver, type Caller } from './platform/http/access';
import { frameworkErrorHandler, installErrorHandling } from './platform/http/error-handler';
import { registerTestClock } from './platform/http/test-clock';
import { sendNotFoundPage, serveWeb } from './platform/http/web';
import { Jobs } from './platform/jobs';
import { lifecycleOf } from './platform/lifecycle';
import { extensionsOf } from './platform/extensions';
import { EventBus } from './platform/events';
import { Mailer } from './platform/mail';
import { SmsOutbox, webhookSender } from './platform/sms';
import { openPubSub } from './platform/pubsub';
import { UserContent } from './platform/user-content';
import { RateLimiter } from './platform/rate-limit';
import { enforceRateLimit } from './platform/rate-limit/http';
import { loadKeyring, Secrets, type Keyring } from './platform/secrets';
import { LocalStorage, S3Storage, type ObjectStorage } from './platform/storage';
import { SERVER_VERSION } from './version';
import { registerHealth } from './platform/http/health';
import { endUnusedConnectionsOnClose } from './platform/http/unused-connections';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  storage?: ObjectStorage;
  families?: readonly Family[];
  /** Tests rotating keys pass their own; otherwise from configuration. */
  keyring?: Keyring;
  logger?: FastifyServerOptions['logger'];
}

export interface RouteInfo {
  method: string | string[];
  url: string;
  endpoint: Endpoint | undefined;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  /** Every route registered, with the contract endpoint it serves (if any). */
  routes: RouteInfo[];
  /** Fails the readiness check from now on (shutdown's first step). */
  drain(): void;
}

/** Without the projects family (tests of other parts) no project exists. */
const NO_PROJECTS: ProjectScopes = { teamOf: async () => null, holdsAnyApp: async () => false };

/** Secrets never reach the log, whatever a later family adds to a request. */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.clientSecret',
  '*.client_secret',
  '*.apiKey',
  '*.accessToken',
  '*.refreshToken',
];

/**
 * Builds an app around an opened, migrated database. Tests build as many isolated apps
 * as they like; `main.ts` builds one and listens.
 */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const clock = options.clock ?? (config.testClock ? new OffsetClock() : systemClock);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: LOG_REDACT },
    bodyLimit: 1024 * 1024,
    // Idle keep-alive sockets close at shutdown; in-flight requests finish first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler,
  });
  endUnusedConnectionsOnClose(app);
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    routes.push({ method: r.method, url: r.url, endpoint: r.config?.endpoint });
    const limited = r.config?.endpoint?.rateLimit;
    if (limited && !config.rateLimits[limited.class]) throw new Error(`${r.config!.endpoint!.id} is limited as "${limited.class}", a class RATE_LIMITS does not define`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('preValidation', guardAddress);
  app.setSerializerCompiler(serializerCompiler);

  const storage =
    options.storage ?? (config.storage.kind === 's3' ? new S3Storage(config.storage) : new LocalStorage(config.storageDir));
  const jobs = new Jobs(database, app.log, config.jobs, config.jobExpireSeconds);
  const dueActions = new DueActions(database.db, clock, app.log);
  const mailer = new Mailer({ db: database.db, clock, log: app.log, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const sms = new SmsOutbox({ db: database.db, clock, log: app.log, sender: config.smsWebhook ? webhookSender(config.smsWebhook.url, config.smsWebhook.token) : null });
  const userContent = new UserContent(config);
  const pubsub = openPubSub(database, app.log);
  const events = new EventBus({ db: database.db, clock, log: app.log, pubsub, retentionMs: config.events.retentionMs });
  const rateLimits = new RateLimiter({ db: database.db, clock });
  const secrets = new Secrets({ db: database.db, clock }, options.keyring ?? loadKeyring(config));
  const families = options.families ?? FAMILIES;
  const services = families.flatMap((f) => f.services ?? []);
  const deps: Deps = { config, clock, database, db: database.db, storage, jobs, dueActions, mailer, sms, secrets, rateLimits, events, pubsub, turns: new RowTurns(), userContent, log: app.log, services, projectScopes: NO_PROJECTS, lifecycle: lifecycleOf([]), extensions: extensionsOf([], () => deps), credentials: { 'app-client': refuseCredentials('app-client'), 'api-client': refuseCredentials('api-client') } };
  for (const family of families) for (const s of family.subscriptions ?? []) events.add(s);
  deps.projectScopes = Object.assign({ ...NO_PROJECTS }, ...families.map((f) => f.projectScopes?.(deps) ?? {}));
  deps.extensions = extensionsOf(families.flatMap((f) => f.extensions ?? []), () => deps);
  deps.lifecycle = lifecycleOf(families.flatMap((f) => (f.lifecycle ? [f.lifecycle(deps)] : [])));

  await installSecurityHeaders(app, config, () => userContent.origin);
  await app.register(fastifyCookie);
  if (config.rateLimitPerMinute > 0) {
    // Per address, per instance: a brake on floods, not accounting (sign-in has its own).
    await app.register(fastifyRateLimit, { global: true, max: config.rateLimitPerMinute, timeWindow: 60_000 });
  }
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Wharf console API', version: SERVER_VERSION },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  installErrorHandling(app, (req, reply) => sendNotFoundPage(req, reply, config.webDistDir));

  const resolverFactory = families.find((f) => f.accessResolver)?.accessResolver;
  const sessions: AccessResolver = resolverFactory ? resolverFactory(deps) : sessionlessResolver;
  const credentials = credentialResolvers(families, deps);
  deps.credentials = credentials;
  const resolve: AccessResolver = (req, endpoint) => {
    const { kind, requirement } = parseAccess(endpoint.access);
    return kind === 'app-client' || kind === 'api-client' ? credentials[kind](req, requirement) : sessions(req, endpoint);
  };
  app.decorateRequest('caller', null as unknown as Caller);
  // Before the body is read: a refused upload costs nothing. A callback hook, so calls
  // that need no session (device update checks) pass without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    const endpoint = req.routeOptions.config.endpoint;
    // The address rides on the caller to the audit writer: passed, not found in an
    // async-local store, whose promise hooks would cost every request.
    const settle = (caller: Caller) => {
      req.caller = { ...caller, ip: req.ip ?? null };
      if (!endpoint?.rateLimit) done();
      else enforceRateLimit(rateLimits, config.rateLimits, endpoint, req, reply).then(() => done(), done);
    };
    let resolved: Caller | Promise<Caller>;
    try {
      resolved = endpoint ? resolve(req, endpoint) : ANONYMOUS;
    } catch (err) {
      done(err as Error);
      return;
    }
    if (resolved instanceof Promise) resolved.then(settle, done);
    else settle(resolved);
  });
  const health = registerHealth(app, database);
  app.get('/agc/edge/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const cors = appClientCors(app);
  for (const family of families) await family.register(app, deps);
  cors.finish();
  if (config.testClock && clock instanceof OffsetClock) registerTestClock(app, clock, dueActions);
  await serveWeb(app, config.webDistDir);

  // Answers that finish during shutdown close their connection, so keep-alive sockets do
  // not hold the process open for Fastify's 72-second keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  // Ended windows are swept now and then by whichever instance gets there.
  const sweeper = setInterval(() => rateLimits.sweep().catch((err: unknown) => app.log.warn({ err }, 'rate limit sweep failed')), 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await userContent.close();
    await events.stop();
    await pubsub.close();
    await dueActions.stop();
    await jobs.stop();
  });
  return { app, deps, routes, drain: health.drain };
}
