/** SQL of favourite teams (the `favourite_teams` table). */
import type { Db } from '../../core/db/connect';

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
