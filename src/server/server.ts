/**
 * Entry point: validate the configuration, migrate, build the app, listen, and close
 * everything (HTTP, timers, database) on SIGTERM/SIGINT. `--no-ingest` starts an API-only
 * process for the scale-out setup.
 */
import { APP_NAME } from '@shared/constants';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './core/config';
import { connectDatabase } from './core/db/connect';
import { migrateToLatest } from './core/db/migrate';

const FORCE_EXIT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = connectDatabase(config.databaseUrl);
  const applied = await migrateToLatest(db).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  const app = await buildApp(config, { db, ingest: !process.argv.includes('--no-ingest') });
  for (const warning of config.warnings) app.log.warn(warning);
  if (applied.length) app.log.info({ migrations: applied.map((m) => m.migrationName) }, 'database migrated');

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    app
      .close()
      .then(() => db.destroy())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  const address = await app.listen({ port: config.port, host: config.host });
  // One plain line for the person who ran `npm start`, apart from the JSON log.
  process.stdout.write(`${APP_NAME} is running at ${address}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
