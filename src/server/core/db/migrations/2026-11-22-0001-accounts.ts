/**
 * Accounts: users, one-time codes, refresh tokens, login failures, anonymous feedback and
 * aggregate analytics. Plain types only (text, integer, bigint) so it runs on SQLite and
 * PostgreSQL alike; times are epoch milliseconds.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('country', 'integer', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addColumn('locked_until', 'bigint')
    .execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('voided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('one_time_codes_user_purpose')
    .on('one_time_codes')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('one_time_codes_email_purpose_created')
    .on('one_time_codes')
    .columns(['email', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_user_time')
    .on('login_failures')
    .columns(['user_id', 'failed_at'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_created').on('feedback').column('created_at').execute();

  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'integer', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'name', 'country'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['analytics_daily', 'feedback', 'login_failures', 'refresh_tokens', 'one_time_codes', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
