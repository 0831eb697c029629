/**
 * An index on `price_history.version`: each process brings its
 * dropping-odds windows up to date with the rows of the batches committed since it last
 * looked (`version > seen`), a range read instead of a scan of the whole history.
 *
 * Plain types only; runs on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('price_history_version').on('price_history').column('version').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('price_history_version').execute();
}
