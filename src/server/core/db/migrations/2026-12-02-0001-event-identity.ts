/**
 * Exact cross-book identity:
 *
 * - `events.sportradar_id`: the match's Sportradar id (digits) where a book gives it; two books'
 *   listings with the same id are one match. Indexed, so resolution finds the event of an id
 *   without a scan; not unique at the database level (old rows have none), the pipeline keeps it
 *   one event per id.
 * - `odds_name_issues`: per book and competition, the names of its last batch the alias table did
 *   not know (`unmatched`) or that could mean two clubs or two matches (`ambiguous`), with how
 *   many listings carried them; `GET /api/odds/sources` reports them.
 *
 * Plain types only; runs on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('sportradar_id', 'text').execute();
  await db.schema.createIndex('events_sportradar_id').on('events').column('sportradar_id').execute();
  await db.schema
    .createTable('odds_name_issues')
    .addColumn('provider_id', 'integer', (c) => c.notNull())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('listings', 'integer', (c) => c.notNull())
    .addColumn('candidates', 'text', (c) => c.notNull())
    .addColumn('example', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('odds_name_issues_pk', ['provider_id', 'competition_id', 'kind', 'name'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('odds_name_issues').execute();
  await db.schema.dropIndex('events_sportradar_id').execute();
  await db.schema.alterTable('events').dropColumn('sportradar_id').execute();
}
