/**
 * Credentials carry a version: a password reset or change raises
 * `users.credentials_version` in the transaction that ends the other sessions, a login starts
 * its session only while the version it checked the password against is still current, and
 * access tokens name the version they were issued under (`cv`). `access_revocations.min_version`
 * voids, in every process, the user's access tokens of older versions (a reset ends them all).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('credentials_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('access_revocations')
    .addColumn('min_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('access_revocations').dropColumn('min_version').execute();
  await db.schema.alterTable('users').dropColumn('credentials_version').execute();
}
