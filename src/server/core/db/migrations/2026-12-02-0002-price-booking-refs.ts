/**
 * What a bookmaker needs to book a price: `current_prices.ref`, the
 * book's own event, market and outcome ids in its format of docs/sources.md, written by the
 * ingest path with the price. Never published in odds answers; only the booking codes
 * read it. Null for every existing row and for feeds that carry none (the demo).
 *
 * Plain types only; runs on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('current_prices').addColumn('ref', 'varchar(200)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('current_prices').dropColumn('ref').execute();
}
