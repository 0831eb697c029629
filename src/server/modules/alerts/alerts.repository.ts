/** SQL of the alerts feature (docs/architecture.md §12); the only file of the module that speaks to the database. */
import type { Insertable, Selectable } from 'kysely';
import { dialectOf, type Db } from '../../core/db/connect';
import type { AlertNotificationsTable, AlertSettingsTable, AlertsTable, PushSubscriptionsTable } from './alerts.tables';

export type AlertRow = Selectable<AlertsTable>;
export type NotificationRow = Selectable<AlertNotificationsTable>;
export type SettingsRow = Selectable<AlertSettingsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

// ---- one person's limits ----

/**
 * Serializes one person's watchlist changes inside a transaction, so the limits (50 favourites,
 * 30 active alerts, 10 push devices) hold however many requests arrive together: the person's
 * settings row is made sure of and, on PostgreSQL, locked until the transaction ends. SQLite
 * needs no lock: a transaction there already holds the only connection.
 */
export async function lockWatchlist(
  trx: Db,
  userId: string,
  defaults: { in_app: number; email: number; push: number },
  now: number,
): Promise<void> {
  await ensureSettings(trx, userId, defaults, now);
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('alert_settings').select('user_id').where('user_id', '=', userId).forUpdate().execute();
  }
}

// ---- favourites ----

export async function findFavourites(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('favourite_teams')
    .select('team')
    .where('user_id', '=', userId)
    .orderBy('position', 'asc')
    .execute();
  return rows.map((r) => r.team);
}

/** Replaces the list; call it in a transaction that holds `lockWatchlist`. */
export async function replaceFavourites(trx: Db, userId: string, teams: readonly string[]): Promise<void> {
  await trx.deleteFrom('favourite_teams').where('user_id', '=', userId).execute();
  if (teams.length === 0) return;
  await trx
    .insertInto('favourite_teams')
    .values(teams.map((team, position) => ({ user_id: userId, position, team })))
    .execute();
}

// ---- alerts ----

export async function insertAlert(db: Db, row: Insertable<AlertsTable>): Promise<void> {
  await db.insertInto('alerts').values(row).execute();
}

export async function countActiveAlerts(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAlertsOfUser(db: Db, userId: string): Promise<AlertRow[]> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Active alerts created at or after `since` (all of them when `since` is null). */
export async function findActiveAlerts(db: Db, since: number | null): Promise<AlertRow[]> {
  let query = db.selectFrom('alerts').selectAll().where('status', '=', 'active');
  if (since !== null) query = query.where('created_at', '>=', since);
  return query.execute();
}

export async function deleteAlertOfUser(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('alerts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Active alerts whose match has kicked off become 'ended'; answers the ids ended. */
export async function endStartedAlerts(db: Db, now: number, userId?: string): Promise<string[]> {
  let query = db.selectFrom('alerts').select('id').where('status', '=', 'active').where('kickoff_at', '<=', now);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const ids = (await query.execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  await db
    .updateTable('alerts')
    .set({ status: 'ended', ended_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .execute();
  return ids;
}

interface Firing {
  alertId: string;
  value: number;
  providerId: number;
  at: number;
  notification: Insertable<AlertNotificationsTable>;
}

/**
 * Marks the alert fired only if it is still active (the conditional UPDATE makes it fire
 * exactly once across processes) and, in the same transaction, stores its notification.
 * True when this call fired it.
 */
export async function fireAlert(db: Db, firing: Firing): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('alerts')
      .set({
        status: 'fired',
        fired_at: firing.at,
        fired_value: firing.value,
        fired_provider_id: firing.providerId,
      })
      .where('id', '=', firing.alertId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.insertInto('alert_notifications').values(firing.notification).execute();
    return true;
  });
}

// ---- notifications ----

export async function findNotificationsOfUser(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('alert_notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('in_app', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findAllNotificationsOfUser(db: Db, userId: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('alert_notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
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

/** Makes sure a settings row exists (the defaults), so the mail pacing has a row to claim. */
export async function ensureSettings(
  db: Db,
  userId: string,
  defaults: { in_app: number; email: number; push: number },
  now: number,
) {
  await db
    .insertInto('alert_settings')
    .values({ user_id: userId, ...defaults, last_mail_at: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
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

export async function findPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
}

export async function deletePushSubscription(db: Db, endpoint: string, userId?: string): Promise<void> {
  let query = db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

/** Everything of the person in these tables, for account deletion (the cascade does it too). */
export async function deleteEverythingOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await db.deleteFrom('alert_notifications').where('user_id', '=', userId).execute();
  await db.deleteFrom('alert_settings').where('user_id', '=', userId).execute();
  await db.deleteFrom('alerts').where('user_id', '=', userId).execute();
  await db.deleteFrom('favourite_teams').where('user_id', '=', userId).execute();
}
