/**
 * `npm run collect`: the live collector as its own process (docs/sources.md), writing prices,
 * withdrawals and source health to DATABASE_URL — the scale-out shape: one collector, any
 * number of API processes (`npm run serve -- --no-ingest`) that pick the prices up by the odds
 * version and serve the health from the same table. Stops cleanly on SIGINT/SIGTERM.
 */
import { ConfigError, loadConfig } from '../src/server/core/config';
import { connectDatabase } from '../src/server/core/db/connect';
import { migrateToLatest } from '../src/server/core/db/migrate';
import { createLiveCollector } from '../src/server/modules/odds/sources/collector/live-feed';

const NAME = 'collect';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = connectDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const stamp = () => new Date().toISOString();
  const collector = await createLiveCollector(db, config.oddsSources, {
    now: Date.now,
    onError: (error) => console.error(`${stamp()} ${NAME}: ${error instanceof Error ? error.message : String(error)}`),
    log: (message, details) => console.log(`${stamp()} ${message}${details ? ` ${JSON.stringify(details)}` : ''}`),
  });
  const { sources, pollS, recordDir } = config.oddsSources;
  console.log(
    `${stamp()} ${NAME}: polling ${sources.join(', ')} every ${pollS} s${recordDir ? `, recording to ${recordDir}` : ''}`,
  );
  collector.start();
  // Keep the process alive (the collector's timers are unref'd so a server can close without it).
  const keepAlive = setInterval(() => undefined, 60_000);
  const stop = async () => {
    clearInterval(keepAlive);
    await collector.stop();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`${NAME}: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
