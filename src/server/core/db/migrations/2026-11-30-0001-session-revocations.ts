/**
 * Session revocations: the refresh-token families (logins) that ended by logout, a password
 * change, a reuse alarm or an account deletion. Access tokens carry their family as `sid`;
 * every API process reads the recent rows, so such a token stops working everywhere within
 * one poll. No foreign key: the rows must outlive a deleted account for one token lifetime.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_revocations')
    .addColumn('family_id', 'text', (c) => c.primaryKey())
    .addColumn('revoked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('session_revocations_revoked_at')
    .on('session_revocations')
    .column('revoked_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('session_revocations').execute();
}
