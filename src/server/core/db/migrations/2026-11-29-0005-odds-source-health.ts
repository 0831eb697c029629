/**
 * Source health of the live collector: one row per bookmaker, written by the
 * process that polls the books and read by every API process for `GET /api/odds/sources`.
 * `leagues` is a JSON list of {competitionId, events, prices, fetchedAt}.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('odds_source_health')
    .addColumn('provider_id', 'integer', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('latency_ms', 'integer')
    .addColumn('leagues', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('odds_source_health').execute();
}
