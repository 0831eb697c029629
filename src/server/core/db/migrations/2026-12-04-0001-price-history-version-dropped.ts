/**
 * Drops the index on `price_history.version`: the rows of the batches committed since a version
 * are read run by run (`ingest_runs.version`, then each run's rows by `run_id`, the primary key's
 * first column), so no statement reads by that index any more, while every batch wrote an entry
 * of it per history row (tens of thousands for a big batch, inside its transaction).
 *
 * Plain types only; runs on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('price_history_version').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('price_history_version').on('price_history').column('version').execute();
}
