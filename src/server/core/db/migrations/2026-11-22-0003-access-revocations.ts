/**
 * Access-token revocations: per user, access tokens issued (iat, seconds) before `before_s`
 * are void. Written by a password reset; every API process reads the recent ones, so a
 * reset ends the user's other sessions at once rather than when their access tokens expire.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_revocations')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('before_s', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_revocations_revoked_at').on('access_revocations').column('revoked_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_revocations').execute();
}
