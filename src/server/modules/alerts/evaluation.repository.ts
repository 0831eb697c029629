/**
 * SQL of the evaluation: loading active alerts into the index, and firing a batch's hits in one
 * transaction with a fixed number of set-based statements per chunk of hits, whatever their count.
 */
import { sql, type RawBuilder } from 'kysely';
import { dialectOf, type Db } from '../../core/db/connect';
import type { AlertRow } from './alerts.repository';
import type { AlertNotificationsTable } from './alerts.tables';
import { DEFAULT_SETTINGS, ensureSettings } from './watchlist.repository';

/** Active alerts created at or after `since` (all of them when `since` is null). */
export async function findActiveAlerts(db: Db, since: number | null): Promise<AlertRow[]> {
  let query = db.selectFrom('alerts').selectAll().where('status', '=', 'active');
  if (since !== null) query = query.where('created_at', '>=', since);
  return query.execute();
}

/** One alert a batch met: the price that set it off and the best current price of its selection. */
export interface Firing {
  alertId: string;
  value: number;
  providerId: number;
  bestValue: number | null;
  bestProviderId: number | null;
}

/** An alert this call fired, with the person's delivery settings at that moment. */
export interface FiredRow extends Firing {
  userId: string;
  eventId: string;
  eventName: string;
  marketId: number;
  selectionId: number;
  push: boolean;
}

/** Hits per statement: keeps every statement far below both databases' parameter limits. */
const CHUNK = 500;

/** `CASE id WHEN … THEN … END`: one value per alert in a single UPDATE. */
function byId(values: ReadonlyArray<[id: string, value: number]>, type: 'double precision' | 'integer') {
  const whens: RawBuilder<unknown>[] = values.map(([id, v]) => sql`when ${id} then cast(${v} as ${sql.raw(type)})`);
  return sql<number>`case id ${sql.join(whens, sql` `)} end`;
}

/**
 * Fires the alerts met by one batch in one transaction: per chunk one SELECT of the still-active
 * candidates with their settings (on PostgreSQL locked in id order, so processes firing the same
 * batch queue up instead of deadlocking), one INSERT of the missing settings rows (only when
 * someone has none), one conditional UPDATE of the alerts (`status = 'active'`: exactly once
 * across processes) and one INSERT of their notifications. Answers the alerts this call fired.
 */
export async function fireAlerts(
  db: Db,
  firings: readonly Firing[],
  at: number,
  newNotificationId: () => string,
): Promise<FiredRow[]> {
  if (firings.length === 0) return [];
  const sorted = [...firings].sort((a, b) => (a.alertId < b.alertId ? -1 : a.alertId > b.alertId ? 1 : 0));
  return db.transaction().execute(async (trx) => {
    const fired: FiredRow[] = [];
    for (let start = 0; start < sorted.length; start += CHUNK) {
      fired.push(...(await fireChunk(trx, sorted.slice(start, start + CHUNK), at, newNotificationId)));
    }
    return fired;
  });
}

async function fireChunk(
  trx: Db,
  firings: readonly Firing[],
  at: number,
  newNotificationId: () => string,
): Promise<FiredRow[]> {
  const wanted = new Map(firings.map((f) => [f.alertId, f]));
  let candidates = trx
    .selectFrom('alerts')
    .leftJoin('alert_settings', 'alert_settings.user_id', 'alerts.user_id')
    .select([
      'alerts.id',
      'alerts.user_id',
      'alerts.event_id',
      'alerts.event_name',
      'alerts.market_id',
      'alerts.selection_id',
      'alert_settings.in_app',
      'alert_settings.email',
      'alert_settings.push',
    ])
    .where('alerts.id', 'in', [...wanted.keys()])
    .where('alerts.status', '=', 'active')
    .orderBy('alerts.id');
  if (dialectOf(trx) === 'postgres') candidates = candidates.forUpdate('alerts');
  const rows = await candidates.execute();
  if (rows.length === 0) return [];

  await ensureSettings(
    trx,
    rows.filter((r) => r.in_app === null).map((r) => r.user_id),
    at,
  );
  const ids = rows.map((r) => r.id);
  const firingOf = (id: string) => wanted.get(id)!;
  const updated = await trx
    .updateTable('alerts')
    .set({
      status: 'fired',
      fired_at: at,
      fired_value: byId(
        ids.map((id) => [id, firingOf(id).value]),
        'double precision',
      ),
      fired_provider_id: byId(
        ids.map((id) => [id, firingOf(id).providerId]),
        'integer',
      ),
    })
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  const won = new Set(updated.map((r) => r.id));

  const fired: FiredRow[] = [];
  const notifications: AlertNotificationsTable[] = [];
  for (const row of rows) {
    if (!won.has(row.id)) continue;
    const firing = firingOf(row.id);
    const inApp = row.in_app ?? DEFAULT_SETTINGS.in_app;
    const email = row.email ?? DEFAULT_SETTINGS.email;
    notifications.push({
      id: newNotificationId(),
      user_id: row.user_id,
      alert_id: row.id,
      event_id: row.event_id,
      event_name: row.event_name,
      market_id: row.market_id,
      selection_id: row.selection_id,
      provider_id: firing.providerId,
      value: firing.value,
      best_value: firing.bestValue,
      best_provider_id: firing.bestProviderId,
      created_at: at,
      in_app: inApp === 1 ? 1 : 0,
      read_at: null,
      email_state: email === 1 ? 'pending' : 'off',
    });
    fired.push({
      ...firing,
      userId: row.user_id,
      eventId: row.event_id,
      eventName: row.event_name,
      marketId: row.market_id,
      selectionId: row.selection_id,
      push: (row.push ?? DEFAULT_SETTINGS.push) === 1,
    });
  }
  if (notifications.length > 0) await trx.insertInto('alert_notifications').values(notifications).execute();
  return fired;
}
