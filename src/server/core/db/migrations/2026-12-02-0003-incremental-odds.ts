/**
 * What the read snapshot needs to rebuild only what a batch touched, and the freshness of each
 * book's prices per league.
 *
 * - `events.odds_version`: the odds version of the last batch that listed the match or changed one
 *   of its prices; a process brings its snapshot up to date with the events above the version it
 *   was built from. Existing rows start at 0 (a process's first build reads everything anyway).
 * - `odds_book_reads`: per book, country and competition, when the book's latest applied read of
 *   that league was made; a book's prices of a league count as fresh for 10 minutes after it.
 *
 * Plain types only; runs on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('odds_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('events_odds_version').on('events').column('odds_version').execute();
  await db.schema
    .createTable('odds_book_reads')
    .addColumn('provider_id', 'integer', (c) => c.notNull())
    .addColumn('country_id', 'integer', (c) => c.notNull())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('odds_book_reads_pk', ['provider_id', 'country_id', 'competition_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('odds_book_reads').execute();
  await db.schema.dropIndex('events_odds_version').execute();
  await db.schema.alterTable('events').dropColumn('odds_version').execute();
}
