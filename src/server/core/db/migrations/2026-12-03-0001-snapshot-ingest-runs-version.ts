/**
 * An index on `ingest_runs.version`: after every batch each process asks which runs produced the
 * versions since it last looked (the books whose prices its snapshot reads again, the commit
 * times and the runs whose price history the alerts and drops windows read), a range read
 * instead of a scan of every run kept.
 *
 * Plain types only; runs on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('ingest_runs_version').on('ingest_runs').column('version').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ingest_runs_version').execute();
}
