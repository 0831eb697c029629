import type { Db } from '../../core/db/connect';

/** Voids the user's access tokens issued before `beforeS`; drops revocations older than `forgetBefore`. */
export async function revokeAccessTokensBefore(
  db: Db,
  userId: string,
  beforeS: number,
  now: number,
  forgetBefore: number,
): Promise<void> {
  await db
    .insertInto('access_revocations')
    .values({ user_id: userId, before_s: beforeS, revoked_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ before_s: beforeS, revoked_at: now }))
    .execute();
  await db.deleteFrom('access_revocations').where('revoked_at', '<', forgetBefore).execute();
}

/** Voids the user's access tokens issued under a credentials version below `minVersion` (a reset). */
export async function revokeAccessTokensBelowVersion(
  db: Db,
  userId: string,
  minVersion: number,
  now: number,
  forgetBefore: number,
): Promise<void> {
  await db
    .insertInto('access_revocations')
    .values({ user_id: userId, before_s: 0, min_version: minVersion, revoked_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ min_version: minVersion, revoked_at: now }))
    .execute();
  await db.deleteFrom('access_revocations').where('revoked_at', '<', forgetBefore).execute();
}

/** Revocations made at or after `since` (epoch ms). */
export async function findRevocationsSince(
  db: Db,
  since: number,
): Promise<Array<{ userId: string; beforeS: number; minVersion: number }>> {
  const rows = await db
    .selectFrom('access_revocations')
    .select(['user_id', 'before_s', 'min_version'])
    .where('revoked_at', '>=', since)
    .execute();
  return rows.map((r) => ({ userId: r.user_id, beforeS: Number(r.before_s), minVersion: Number(r.min_version) }));
}

/** Voids the access tokens of these logins (their `sid`); drops rows older than `forgetBefore`. */
export async function revokeSessions(db: Db, familyIds: readonly string[], now: number, forgetBefore: number) {
  if (familyIds.length > 0) {
    await db
      .insertInto('session_revocations')
      .values(familyIds.map((id) => ({ family_id: id, revoked_at: now })))
      .onConflict((oc) => oc.column('family_id').doNothing())
      .execute();
  }
  await db.deleteFrom('session_revocations').where('revoked_at', '<', forgetBefore).execute();
}

/** Logins ended at or after `since` (epoch ms). */
export async function findSessionRevocationsSince(
  db: Db,
  since: number,
): Promise<Array<{ familyId: string; revokedAt: number }>> {
  const rows = await db
    .selectFrom('session_revocations')
    .select(['family_id', 'revoked_at'])
    .where('revoked_at', '>=', since)
    .execute();
  return rows.map((r) => ({ familyId: r.family_id, revokedAt: Number(r.revoked_at) }));
}
