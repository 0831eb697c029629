/**
 * A notification names the best current price of its selection beside the price that fired it
 *: its value and book. Null on notifications stored before.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alert_notifications').addColumn('best_value', 'double precision').execute();
  await db.schema.alterTable('alert_notifications').addColumn('best_provider_id', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alert_notifications').dropColumn('best_provider_id').execute();
  await db.schema.alterTable('alert_notifications').dropColumn('best_value').execute();
}
