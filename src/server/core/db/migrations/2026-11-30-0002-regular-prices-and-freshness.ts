/**
 * Regular prices of boosts and the freshness of each country's odds.
 *
 * - `current_prices.regular_value`: beside a boosted price, the regular price the feed says it
 *   replaces; margins are computed on it. Null for every existing row (unknown).
 * - `odds_country_updates`: per country, the latest moment an applied batch changed or
 *   confirmed its prices. Seeded from the applied ingest runs still recorded.
 *
 * Plain types only; runs on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('current_prices').addColumn('regular_value', 'double precision').execute();
  await db.schema
    .createTable('odds_country_updates')
    .addColumn('country_id', 'integer', (c) => c.primaryKey())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const latest = await db
    .selectFrom('ingest_runs')
    .select(['country_id', (eb) => eb.fn.max('fetched_at').as('at')])
    .where('status', '=', 'applied')
    .where('country_id', 'is not', null)
    .where('fetched_at', 'is not', null)
    .groupBy('country_id')
    .execute();
  const rows = latest.map((r) => ({ country_id: Number(r.country_id), updated_at: Number(r.at) }));
  if (rows.length > 0) await db.insertInto('odds_country_updates').values(rows).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('odds_country_updates').execute();
  await db.schema.alterTable('current_prices').dropColumn('regular_value').execute();
}
