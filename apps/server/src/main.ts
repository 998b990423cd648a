import { ConfigError, loadConfig } from './config';
import { DataDirInUseError, EmbeddedDatabaseUnreadableError } from './platform/db/data-dir-lock';
import { armFaultPoint } from './platform/fault-points';
import { startServer } from './server';

/** The process entry point: configuration from the environment, signals for shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  armFaultPoint(config.faultPoint);
  if (config.faultPoint) console.error(`  Crash test: this process kills itself at fault point ${config.faultPoint}.`);
  let server;
  try {
    server = await startServer(config);
  } catch (err) {
    if (err instanceof DataDirInUseError || err instanceof EmbeddedDatabaseUnreadableError || err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const shown = server.address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  server.app.log.info(`Wharf console on ${shown} (database: ${server.deps.database.kind}, data: ${config.dataDir})`);
  console.log(`\n  Wharf console: ${shown}/   (English: ${shown}/en/, Russian: ${shown}/ru/)\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      server.app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownDrainDelayMs + config.shutdownTimeoutMs);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
