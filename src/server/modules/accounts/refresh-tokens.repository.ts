/** SQL for refresh tokens: stored as SHA-256, rotated, revoked by family or by user. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../core/db/connect';
import type { RefreshTokensTable } from './accounts.tables';

type RefreshTokenRow = Selectable<RefreshTokensTable>;

export async function insertRefreshToken(db: Db, row: Insertable<RefreshTokensTable>): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

export async function findRefreshTokenByHash(db: Db, hash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Marks the token rotated; false when a parallel request rotated it first. */
export async function markRotated(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: at })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeAllForUser(db: Db, userId: string, at: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Expired tokens can never be used again; keep the table to live sessions. */
export async function deleteExpiredRefreshTokens(db: Db, userId: string, now: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}

/** The user's logins (families) that still hold a live refresh token, but `except`. */
export async function liveFamiliesOfUser(db: Db, userId: string, now: number, except?: string): Promise<string[]> {
  let query = db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (except !== undefined) query = query.where('family_id', '!=', except);
  return (await query.execute()).map((r) => r.family_id);
}

export async function familiesOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.family_id);
}

export async function revokeFamilies(db: Db, familyIds: readonly string[], at: number): Promise<void> {
  if (familyIds.length === 0) return;
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', 'in', [...familyIds])
    .where('revoked_at', 'is', null)
    .execute();
}

export async function refreshTokensOfUser(db: Db, userId: string): Promise<RefreshTokenRow[]> {
  return db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}
