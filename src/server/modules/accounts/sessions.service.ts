/**
 * Sessions (ARCHITECTURE §4): a short access token plus a refresh token that rotates on every
 * use. Presenting a rotated token again within 10 s (parallel tabs) still works; later it
 * revokes the whole family, because only a thief would hold an old token that long.
 */
import { randomUUID } from 'node:crypto';
import type { AuthSessionDto, TokenPairDto, UserDto } from '@shared/contract/users';
import * as refreshTokens from './refresh-tokens.repository';
import { findUserById, type UserRow } from './users.repository';
import { signAccessToken } from './access-token';
import { accountErrors } from './account-errors';
import type { AccountsContext } from './accounts.context';
import { looksLikeRefreshToken, newRefreshToken, refreshTokenHash } from './refresh-token';

const REUSE_GRACE_MS = 10_000;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function userDto(user: UserRow): UserDto {
  return { id: user.id, username: user.username, country: user.country, registrationDate: iso(user.created_at) };
}

/** New access and refresh tokens; the refresh token joins `familyId` or starts a family. */
async function issueTokens(ctx: AccountsContext, user: UserRow, familyId?: string): Promise<TokenPairDto> {
  const now = ctx.now();
  const refreshToken = newRefreshToken();
  await refreshTokens.insertRefreshToken(ctx.db, {
    id: randomUUID(),
    user_id: user.id,
    family_id: familyId ?? randomUUID(),
    token_hash: refreshTokenHash(refreshToken),
    created_at: now,
    expires_at: now + ctx.config.refreshTokenTtlS * 1000,
    rotated_at: null,
    revoked_at: null,
  });
  if (!familyId) await refreshTokens.deleteExpiredRefreshTokens(ctx.db, user.id, now);
  const token = await signAccessToken(ctx.accessKey, user, now, ctx.config.accessTokenTtlS);
  return { token, refreshToken };
}

export async function startSession(ctx: AccountsContext, user: UserRow): Promise<AuthSessionDto> {
  return { user: userDto(user), ...(await issueTokens(ctx, user)) };
}

export async function refreshSession(ctx: AccountsContext, presented: unknown): Promise<TokenPairDto> {
  if (!looksLikeRefreshToken(presented)) throw accountErrors.invalidRefreshToken();
  const now = ctx.now();
  let row = await refreshTokens.findRefreshTokenByHash(ctx.db, refreshTokenHash(presented));
  if (!row || row.revoked_at !== null || row.expires_at <= now) throw accountErrors.invalidRefreshToken();
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw accountErrors.invalidRefreshToken();

  if (row.rotated_at === null) {
    if (await refreshTokens.markRotated(ctx.db, row.id, now)) return issueTokens(ctx, user, row.family_id);
    // A parallel request rotated it a moment ago: judge by what it wrote.
    row = await refreshTokens.findRefreshTokenByHash(ctx.db, row.token_hash);
    if (!row || row.revoked_at !== null || row.rotated_at === null) throw accountErrors.invalidRefreshToken();
  }
  if (now - row.rotated_at <= REUSE_GRACE_MS) return issueTokens(ctx, user, row.family_id);
  await refreshTokens.revokeFamily(ctx.db, row.family_id, now);
  throw accountErrors.refreshTokenReused();
}
