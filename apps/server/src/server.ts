import type { FastifyInstance } from 'fastify';
import { buildApp, type BuiltApp } from './app';
import type { Config } from './config';
import { openDatabase } from './platform/db';
import type { Deps, Family, Periodic } from './platform/deps';
import { FAMILIES } from './families';

export interface RunningServer extends BuiltApp {
  address: string;
  close(): Promise<void>;
}

const MAIL_INTERVAL_MS = 5000;

/**
 * Opens the database, applies migrations, builds the app, starts the background parts and
 * listens. Closing fails the readiness check, keeps serving for the drain delay, then stops
 * accepting, lets in-flight requests finish, stops the workers and closes the database last.
 */
export async function startServer(
  config: Config,
  print: (text: string) => void = (t) => console.log(t),
  /** Browser tests add families of their own (e.g. a page on the user-content origin). */
  options: { extraFamilies?: readonly Family[] } = {},
): Promise<RunningServer> {
  const families = [...FAMILIES, ...(options.extraFamilies ?? [])];
  const database = await openDatabase(config, (pid) =>
    print(`  The embedded database was left locked by process ${pid}, which is no longer running: lock recovered.\n`),
  );
  let built: BuiltApp;
  try {
    await database.migrate();
    built = await buildApp({ config, database, families });
  } catch (err) {
    await database.close();
    throw err;
  }
  const { app, deps, routes, drain } = built;
  const keySource = deps.secrets.keySource;
  if (keySource !== 'config') {
    const where = `${keySource === 'new file' ? 'a new key file' : 'the key file'} ${config.secrets.keyFile}`;
    // Instances of one PostgreSQL must seal with one key; a key file is per machine.
    print(config.database.kind === 'postgres' ? `  Secrets are sealed with ${where}: give every instance the same SECRETS_KEY.\n` : `  Secrets are sealed with ${where} (keep it out of shared backups).\n`);
  }
  // Instances starting together on one database seed it once (the first operator, the
  // demo) and create the job queues in turns: pg-boss creating the same queues from two
  // instances at once can deadlock in PostgreSQL and stop one of them.
  await database.exclusively(async () => {
    for (const family of families) await family.onStart?.(deps, print);
    await deps.jobs.start();
  });
  deps.dueActions.start(config.dueActionsTickMs);
  deps.events.start(config.events.pollMs);
  const pruneTimer = setInterval(() => deps.events.prune().catch((err: unknown) => deps.log.warn({ err }, 'event pruning failed')), 3_600_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  for (const family of families) for (const work of family.periodic ?? []) startPeriodic(app, deps, work);
  const mailTimer = startMailDelivery(deps);
  app.addHook('onClose', async () => clearInterval(mailTimer));
  // The user-content origin first: the console's pages name it in their policy (stored pictures).
  const userContentOrigin = await deps.userContent.listen(config.host);
  const address = await app.listen({ port: config.port, host: config.host });
  deps.userContent.consoleListening(address);
  print(`  User content (hosted sites, function URLs, storage downloads): ${userContentOrigin}/\n`);
  let closing: Promise<void> | null = null;
  return {
    app,
    deps,
    routes,
    drain,
    address,
    close: () =>
      (closing ??= (async () => {
        drain();
        if (config.shutdownDrainDelayMs) await new Promise((r) => setTimeout(r, config.shutdownDrainDelayMs));
        await app.close();
        // Last: Fastify runs close hooks newest first, so a hook here would close the
        // database before the workers registered in buildApp had stopped using it.
        await database.close();
      })()),
  };
}

/** Runs one family's periodic work until the app closes; a slow run makes the next one wait, never overlap. */
function startPeriodic(app: FastifyInstance, deps: Deps, work: Periodic): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work
      .run(deps)
      .catch((err: unknown) => deps.log.error({ err }, `${work.name} failed`))
      .finally(() => (running = null));
  }, work.everyMs(deps.config));
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

function startMailDelivery(deps: Deps): NodeJS.Timeout {
  const timer = setInterval(() => {
    deps.mailer.deliverPending().catch((err: unknown) => deps.log.error({ err }, 'mail delivery run failed'));
    deps.sms.deliverPending().catch((err: unknown) => deps.log.error({ err }, 'SMS delivery run failed'));
  }, MAIL_INTERVAL_MS);
  timer.unref();
  return timer;
}

export type { FastifyInstance };
