/**
 * The person's alert settings row as the lock of their watchlist: every part of the alerts
 * feature that changes what a person holds (favourites, alerts, push devices) or fires for them
 * makes sure the row exists first.
 */
import { dialectOf, type Db } from '../../core/db/connect';

/** Delivery defaults of a person who never changed them: every channel on. */
export const DEFAULT_SETTINGS = { in_app: 1, email: 1, push: 1 } as const;

/** Makes sure each person has a settings row (the defaults), so the mail pacing has a row to claim. */
export async function ensureSettings(db: Db, userIds: readonly string[], now: number): Promise<void> {
  if (userIds.length === 0) return;
  // Sorted: two transactions inserting overlapping people take their row locks in one order.
  const values = [...new Set(userIds)]
    .sort()
    .map((user_id) => ({ user_id, ...DEFAULT_SETTINGS, last_mail_at: null, updated_at: now }));
  await db
    .insertInto('alert_settings')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/**
 * Serializes one person's watchlist changes inside a transaction, so the limits (50 favourites,
 * 30 active alerts, 10 push devices) hold however many requests arrive together: the person's
 * settings row is made sure of and, on PostgreSQL, locked until the transaction ends. SQLite
 * needs no lock: a transaction there already holds the only connection.
 */
export async function lockWatchlist(trx: Db, userId: string, now: number): Promise<void> {
  await ensureSettings(trx, [userId], now);
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('alert_settings').select('user_id').where('user_id', '=', userId).forUpdate().execute();
  }
}
