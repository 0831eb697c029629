/**
 * SQL of the delivery of fired alerts: notifications (the bell and the e-mail queue), each
 * person's delivery settings and mail pacing, and push subscriptions.
 */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/connect';
import type { AlertNotificationsTable, AlertSettingsTable, PushSubscriptionsTable } from './alerts.tables';

export type NotificationRow = Selectable<AlertNotificationsTable>;
export type SettingsRow = Selectable<AlertSettingsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

// ---- notifications ----

export async function findNotificationsOfUser(db: Db, userId: string, limit?: number): Promise<NotificationRow[]> {
  let query = db.selectFrom('alert_notifications').selectAll().where('user_id', '=', userId);
  // Listed: the bell's (in-app) ones, newest first; unlisted: every one (the account's export).
  if (limit !== undefined) query = query.where('in_app', '=', 1).limit(limit);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('alert_notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('in_app', '=', 1)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Db, userId: string, ids: readonly string[] | 'all', now: number): Promise<void> {
  let query = db
    .updateTable('alert_notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', [...ids]);
  await query.execute();
}

// ---- e-mail ----

/** Users with notifications waiting for the alert e-mail. */
export async function usersWithPendingMail(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('alert_notifications')
    .select('user_id')
    .distinct()
    .where('email_state', '=', 'pending')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function pendingMailOf(db: Db, userId: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('alert_notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('email_state', '=', 'pending')
    .orderBy('created_at', 'asc')
    .execute();
}

/**
 * Claims the user's next alert e-mail: moves `last_mail_at` from what this process read to
 * `now` and marks the listed notifications sent, in one transaction. False when another
 * process claimed it first.
 */
export async function claimMail(
  db: Db,
  userId: string,
  lastMailAt: number | null,
  now: number,
  ids: readonly string[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let query = trx.updateTable('alert_settings').set({ last_mail_at: now }).where('user_id', '=', userId);
    query =
      lastMailAt === null ? query.where('last_mail_at', 'is', null) : query.where('last_mail_at', '=', lastMailAt);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('alert_notifications')
      .set({ email_state: 'sent' })
      .where('id', 'in', [...ids])
      .where('email_state', '=', 'pending')
      .execute();
    return true;
  });
}

/** E-mail switched off: nothing pending is mailed later. */
export async function dropPendingMail(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('alert_notifications')
    .set({ email_state: 'off' })
    .where('user_id', '=', userId)
    .where('email_state', '=', 'pending')
    .execute();
}

// ---- settings ----

export async function findSettings(db: Db, userId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom('alert_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertSettings(
  db: Db,
  userId: string,
  settings: { in_app: number; email: number; push: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('alert_settings')
    .values({ user_id: userId, ...settings, last_mail_at: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...settings, updated_at: now }))
    .execute();
}

// ---- push subscriptions ----

/**
 * Stores the subscription, or renews its keys when the person already has it. False when the
 * endpoint belongs to another person: it stays theirs (the conditional upsert decides even when
 * both post at once).
 */
export async function upsertPushSubscription(db: Db, row: Insertable<PushSubscriptionsTable>): Promise<boolean> {
  const result = await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ p256dh: row.p256dh, auth: row.auth })
        .where('push_subscriptions.user_id', '=', row.user_id),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The devices of the given people (one query for every person a firing reaches). */
export async function findPushSubscriptions(db: Db, userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .execute();
}

export async function deletePushSubscription(db: Db, endpoint: string, userId?: string): Promise<void> {
  let query = db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

/** Everything of the person in these tables, for account deletion (the cascade does it too). */
export async function deleteDeliveryOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await db.deleteFrom('alert_notifications').where('user_id', '=', userId).execute();
  await db.deleteFrom('alert_settings').where('user_id', '=', userId).execute();
}
