/** SQL of price alerts themselves (the `alerts` table): creating, listing, deleting and ending them. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/connect';
import type { AlertsTable } from './alerts.tables';

export type AlertRow = Selectable<AlertsTable>;

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

export async function deleteAlertOfUser(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('alerts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every alert of the person (account deletion); answers the ids deleted. */
export async function deleteAlertsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.deleteFrom('alerts').where('user_id', '=', userId).returning('id').execute();
  return rows.map((r) => r.id);
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
