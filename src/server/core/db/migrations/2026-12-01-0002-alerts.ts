/**
 * Favourite teams, price alerts, their notifications, delivery settings and push subscriptions
 *. Every table hangs off `users` with ON DELETE CASCADE, so the
 * rows go with the account. Alerts copy the match's name and kick-off: they must read the same
 * after the odds of a past match are pruned. `alert_settings.last_mail_at` paces the batched
 * alert e-mail (one mail, then at most one per 10 minutes).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favourite_teams')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('team', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourite_teams_pk', ['user_id', 'position'])
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('kickoff_at', 'bigint', (c) => c.notNull())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('selection_id', 'integer', (c) => c.notNull())
    .addColumn('provider_id', 'integer')
    .addColumn('at_least', 'double precision')
    .addColumn('drop_pct', 'double precision')
    .addColumn('include_boosted', 'integer', (c) => c.notNull())
    /** JSON {providerId: price} of the prices when the alert was created (drop alerts). */
    .addColumn('reference_prices', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('fired_at', 'bigint')
    .addColumn('fired_value', 'double precision')
    .addColumn('fired_provider_id', 'integer')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('alerts_user').on('alerts').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('alerts_status').on('alerts').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('alert_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('selection_id', 'integer', (c) => c.notNull())
    .addColumn('provider_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** 1 when the bell lists it (in-app delivery was on when it fired). */
    .addColumn('in_app', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    /** 'pending' until the batched e-mail took it, then 'sent'; 'off' when e-mail was off. */
    .addColumn('email_state', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alert_notifications_user')
    .on('alert_notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('alert_notifications_email')
    .on('alert_notifications')
    .columns(['email_state', 'user_id'])
    .execute();

  await db.schema
    .createTable('alert_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('in_app', 'integer', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('push', 'integer', (c) => c.notNull())
    .addColumn('last_mail_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['push_subscriptions', 'alert_settings', 'alert_notifications', 'alerts', 'favourite_teams']) {
    await db.schema.dropTable(table).execute();
  }
}
