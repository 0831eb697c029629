/**
 * Sessions: a short access token plus a refresh token that rotates on every
 * use. Every login starts a family (the `sid` of its access tokens). Presenting a rotated token
 * again within 10 s (parallel tabs, a retry) answers the same successor; later it ends the whole
 * family, because only a thief would hold an old token that long. A family ends (logout,
 * password change, reuse, deletion) by revoking its refresh tokens and voiding its access
 * tokens in every process.
 */
import { randomUUID } from 'node:crypto';
import type { AuthSessionDto, TokenPairDto, UserDto } from '@shared/contract/users';
import type { Db } from '../../core/db/connect';
import { iso } from '../../core/time';
import { revokeAccessTokensBefore, revokeSessions } from './access-revocations.repository';
import * as refreshTokens from './refresh-tokens.repository';
import { findUserById, lockUser, updateUser as updateUserIn, type UserRow } from './users.repository';
import { signAccessToken } from './access-token';
import { accountErrors } from './account-errors';
import type { AccountsContext } from './accounts.context';
import { looksLikeRefreshToken, newRefreshToken, refreshTokenHash, successorOf } from './refresh-token';

const REUSE_GRACE_MS = 10_000;

function userDto(user: UserRow): UserDto {
  return { id: user.id, username: user.username, country: user.country, registrationDate: iso(user.created_at) };
}

function refreshRow(ctx: AccountsContext, user: UserRow, familyId: string, token: string, now: number) {
  return {
    id: randomUUID(),
    user_id: user.id,
    family_id: familyId,
    token_hash: refreshTokenHash(token),
    created_at: now,
    expires_at: now + ctx.config.refreshTokenTtlS * 1000,
    rotated_at: null,
    revoked_at: null,
  };
}

const accessToken = (ctx: AccountsContext, user: UserRow, familyId: string, now: number) =>
  signAccessToken(ctx.accessKey, user, now, ctx.config.accessTokenTtlS, familyId);

/**
 * Starts a login in the caller's transaction, where the user row is locked (`lockUser`): its
 * refresh token is stored there; sign the access token with `sessionAnswer` once it committed.
 */
export async function openSessionIn(ctx: AccountsContext, trx: Db, user: UserRow, now: number) {
  const familyId = randomUUID();
  const refreshToken = newRefreshToken();
  await refreshTokens.insertRefreshToken(trx, refreshRow(ctx, user, familyId, refreshToken, now));
  await refreshTokens.deleteExpiredRefreshTokens(trx, user.id, now);
  return { familyId, refreshToken };
}

export async function sessionAnswer(
  ctx: AccountsContext,
  user: UserRow,
  opened: { familyId: string; refreshToken: string },
  now: number,
): Promise<AuthSessionDto> {
  return {
    user: userDto(user),
    token: await accessToken(ctx, user, opened.familyId, now),
    refreshToken: opened.refreshToken,
  };
}

/**
 * Starts a login, in one transaction with the user row locked. With `verifiedVersion` (a
 * login that checked a password) it starts only while the credentials version is still the one
 * the password was checked against: a reset or change that committed meanwhile wins, and the
 * login answers INVALID_USERNAME_OR_PASSWORD. `changes` (last login, a rehash) are written in
 * the same transaction, so a rehash of the old password never overwrites a new one.
 */
export async function startSession(
  ctx: AccountsContext,
  user: UserRow,
  options: { verifiedVersion?: number; changes?: Partial<UserRow> } = {},
): Promise<AuthSessionDto> {
  const now = ctx.now();
  const started = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    const current = await findUserById(trx, user.id);
    if (!current) return null;
    if (options.verifiedVersion !== undefined && current.credentials_version !== options.verifiedVersion) return null;
    if (options.changes) await updateUserIn(trx, user.id, options.changes);
    const fresh = { ...current, ...options.changes };
    return { user: fresh, opened: await openSessionIn(ctx, trx, fresh, now) };
  });
  if (!started) throw accountErrors.invalidCredentials();
  return sessionAnswer(ctx, started.user, started.opened, now);
}

/**
 * Ends these logins: refresh tokens revoked, access tokens void here at once and in other
 * processes within one poll. Pass `trx` to do it inside the caller's transaction; then call
 * `noteEndedSessions` once it committed.
 */
export async function endSessionsIn(ctx: AccountsContext, db: Db, familyIds: readonly string[], now: number) {
  await refreshTokens.revokeFamilies(db, familyIds, now);
  await revokeSessions(db, familyIds, now, ctx.revokedSessions.forgetBefore(now));
}

export function noteEndedSessions(ctx: AccountsContext, familyIds: readonly string[], now: number): void {
  for (const id of familyIds) ctx.revokedSessions.noteSession(id, now);
}

async function endSessions(ctx: AccountsContext, familyIds: readonly string[], now = ctx.now()): Promise<void> {
  if (familyIds.length === 0) return;
  await ctx.db.transaction().execute((trx) => endSessionsIn(ctx, trx, familyIds, now));
  noteEndedSessions(ctx, familyIds, now);
}

export async function refreshSession(ctx: AccountsContext, presented: unknown): Promise<TokenPairDto> {
  if (!looksLikeRefreshToken(presented)) throw accountErrors.invalidRefreshToken();
  const now = ctx.now();
  let row = await refreshTokens.findRefreshTokenByHash(ctx.db, refreshTokenHash(presented));
  if (!row || row.revoked_at !== null || row.expires_at <= now) throw accountErrors.invalidRefreshToken();
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw accountErrors.invalidRefreshToken();
  const familyId = row.family_id;
  const successor = successorOf(ctx.successorKey, presented);

  if (row.rotated_at === null) {
    const current = row;
    // Rotation and successor commit together: whoever sees `rotated_at` also finds the successor.
    // The user row is locked first, as a reset or change does: a reset that commits first leaves
    // this token revoked; one that commits after also revokes the successor.
    const rotated = await ctx.db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      if (!(await refreshTokens.markRotated(trx, current.id, now))) return null;
      await refreshTokens.insertRefreshToken(trx, refreshRow(ctx, user, familyId, successor, now));
      return (await findUserById(trx, user.id)) ?? null;
    });
    if (rotated) return { token: await accessToken(ctx, rotated, familyId, now), refreshToken: successor };
    // A parallel request rotated it a moment ago: judge by what it wrote.
    row = await refreshTokens.findRefreshTokenByHash(ctx.db, current.token_hash);
    if (!row || row.revoked_at !== null || row.rotated_at === null) throw accountErrors.invalidRefreshToken();
  }
  if (now - row.rotated_at <= REUSE_GRACE_MS) {
    // Within the grace window: the same successor, so the login stays one chain.
    const next = await refreshTokens.findRefreshTokenByHash(ctx.db, refreshTokenHash(successor));
    if (!next || next.revoked_at !== null || next.expires_at <= now) throw accountErrors.invalidRefreshToken();
    return { token: await accessToken(ctx, user, familyId, now), refreshToken: successor };
  }
  await endSessions(ctx, [familyId], now);
  ctx.log.warn({ userId: user.id }, 'refresh token reused; the login was ended');
  throw accountErrors.refreshTokenReused();
}

/**
 * POST /users/logout: ends the login the bearer token belongs to and the one the refresh token
 * names (normally the same), if it is this person's. Unknown or foreign refresh tokens change
 * nothing and are not reported. A token from before tokens carried `sid` voids the person's
 * access tokens up to its own second instead.
 */
export async function logout(
  ctx: AccountsContext,
  claims: { sub: string; sid?: string; iat: number },
  presented: string,
): Promise<void> {
  const now = ctx.now();
  const families = new Set<string>();
  if (claims.sid !== undefined) families.add(claims.sid);
  if (looksLikeRefreshToken(presented)) {
    const row = await refreshTokens.findRefreshTokenByHash(ctx.db, refreshTokenHash(presented));
    if (row && row.user_id === claims.sub) families.add(row.family_id);
  }
  await endSessions(ctx, [...families], now);
  if (claims.sid === undefined) await voidUserTokensBefore(ctx, claims.sub, claims.iat + 1, now);
}

/** Voids the user's access tokens issued before `beforeS` (the password-reset mechanism). */
async function voidUserTokensBefore(ctx: AccountsContext, userId: string, beforeS: number, now: number) {
  await revokeAccessTokensBefore(ctx.db, userId, beforeS, now, ctx.revokedSessions.forgetBefore(now));
  ctx.revokedSessions.note(userId, beforeS);
}
