/** SQL for failed logins, counted per account in a sliding window. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../database';

type Db = Kysely<Database>;

export async function recordLoginFailure(db: Db, userId: string, at: number): Promise<void> {
  await db.insertInto('login_failures').values({ id: randomUUID(), user_id: userId, failed_at: at }).execute();
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
