// `npm run db:migrate`: apply pending migrations to DATABASE_URL and say what ran.
import { ConfigError, loadConfig } from '../src/server/core/config';
import { connectDatabase } from '../src/server/core/db/connect';
import { migrateToLatest } from '../src/server/core/db/migrate';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = connectDatabase(config.databaseUrl);
  try {
    const results = await migrateToLatest(db);
    if (!results.length) console.log('db:migrate: already up to date');
    for (const result of results) console.log(`db:migrate: applied ${result.migrationName}`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(
    `db:migrate: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
