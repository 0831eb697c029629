/**
 * "My bookmakers": the books a person has accounts at, stored on the account as
 * provider ids joined by commas ('1,3'); '' is "none chosen" and NULL "never asked" (the
 * dashboard's one-time question is still open).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('my_books', 'varchar(64)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('my_books').execute();
}
