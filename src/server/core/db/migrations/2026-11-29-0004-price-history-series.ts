/**
 * Price history as series.
 *
 * - `price_history.version`: the odds version of the batch that wrote the row, so changes dated
 *   alike (two batches with one fetchedAt) still have an order. Rows written before this
 *   migration take their run's version; a row whose run was already pruned keeps 0.
 * - One index serves every read of a series — a market's history, a price's opening, the
 *   highest price of a window and the price at its start: (event, market, provider, selection,
 *   changed_at, version) with the value, replacing the index without `version`. Its event_id
 *   prefix also serves the cascade that deletes a pruned match's history.
 *
 * Plain types only; runs on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('price_history')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('price_history')
    .set((eb) => ({
      version: eb.fn.coalesce(
        eb
          .selectFrom('ingest_runs')
          .select('ingest_runs.version')
          .whereRef('ingest_runs.id', '=', 'price_history.run_id'),
        eb.lit(0),
      ),
    }))
    .execute();
  await db.schema.dropIndex('price_history_price_time').execute();
  await db.schema
    .createIndex('price_history_series')
    .on('price_history')
    .columns(['event_id', 'market_id', 'provider_id', 'selection_id', 'changed_at', 'version', 'value'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('price_history_series').execute();
  await db.schema
    .createIndex('price_history_price_time')
    .on('price_history')
    .columns(['event_id', 'market_id', 'provider_id', 'selection_id', 'changed_at'])
    .execute();
  await db.schema.alterTable('price_history').dropColumn('version').execute();
}
