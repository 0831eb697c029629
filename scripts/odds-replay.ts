/**
 * `npm run odds:replay -- DIR`: plays a recording made with ODDS_RECORD_DIR=DIR through the
 * books' parsers and the ingest pipeline, in the order the answers arrived, into DATABASE_URL
 * (docs/sources.md, "a parser broke"). Prints what each failed poll said; exits 1 when a poll
 * failed to read, so a fixed parser shows as a clean run.
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../src/server/core/config';
import { connectDatabase } from '../src/server/core/db/connect';
import { migrateToLatest } from '../src/server/core/db/migrate';
import { replayInto } from '../src/server/modules/odds/sources/collector/live-feed';

const NAME = 'odds:replay';

async function main(): Promise<number> {
  const dirs = process.argv.slice(2).filter((a) => a !== '--');
  if (dirs.length !== 1 || !existsSync(dirs[0] as string)) {
    console.error(`usage: npm run ${NAME} -- DIR  (a recording made with ODDS_RECORD_DIR=DIR; see docs/sources.md)`);
    return 2;
  }
  const config = loadConfig(process.env);
  const db = connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const summary = await replayInto(db, dirs[0] as string, { now: Date.now });
    console.log(
      `${dirs[0]}: ${summary.answers} answers, ${summary.polls} polls, ${summary.applied} applied ` +
        `(${summary.events} events, ${summary.prices} prices), ${summary.failed.length} failed`,
    );
    for (const f of summary.failed) console.log(`  ${f.poll}: ${f.error}`);
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`${NAME}: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
