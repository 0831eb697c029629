/** SQL for failed logins, counted per account in a sliding window. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../core/db/connect';

/** Records a failure (or an attempt not yet judged, counted as one until it succeeds); its id. */
export async function recordLoginFailure(db: Db, userId: string, at: number): Promise<string> {
  const id = randomUUID();
  await db.insertInto('login_failures').values({ id, user_id: userId, failed_at: at }).execute();
  return id;
}

/** An attempt counted in advance turned out right: it is no failure. */
export async function deleteLoginFailure(db: Db, id: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

export async function loginFailuresOfUser(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('user_id', '=', userId)
    .orderBy('failed_at')
    .execute();
  return rows.map((r) => Number(r.failed_at));
}

export async function countLoginFailuresSince(db: Db, userId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function clearLoginFailures(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('login_failures').where('user_id', '=', userId).execute();
}

/** The latest failure (or attempt in progress) after `since`, epoch ms. */
export async function lastLoginFailureSince(db: Db, userId: string, since: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.max('failed_at').as('last'))
    .where('user_id', '=', userId)
    .where('failed_at', '>', since)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? undefined : Number(row.last);
}
