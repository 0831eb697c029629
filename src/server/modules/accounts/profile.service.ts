/**
 * The signed-in person's own account: the profile, changing the
 * password, deleting the account and downloading everything stored about them (Nigeria Data
 * Protection Act 2023: access, rectification, erasure). A wrong password here answers 403
 * (401 would send the client to refresh its token) and counts toward the login lockout.
 */
import type { PersonalDataDto, ProfileDto } from '@shared/contract/users';
import { unauthorized } from '../../core/errors';
import { iso, isoOrNull } from '../../core/time';
import { revokeAccessTokensBefore } from './access-revocations.repository';
import type { AccessClaims } from './access-token';
import { accountErrors } from './account-errors';
import { myBooksOf } from './my-books.service';
import type { AfterCommit } from '../../core/db/connect';
import type { AccountsContext } from './accounts.context';
import { clearLoginFailures, loginFailuresOfUser } from './login-failures.repository';
import { checkPassword } from './login.service';
import { accountDeletedMail, passwordChangedMail } from './mail.templates';
import { codesOfUser } from './one-time-codes.repository';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword } from './passwords';
import { familiesOfUser, liveFamiliesOfUser, refreshTokensOfUser } from './refresh-tokens.repository';
import { endSessionsIn, noteEndedSessions } from './sessions.service';
import {
  bumpCredentialsVersion,
  deleteUser,
  findUserById,
  lockUser,
  updateUser,
  type UserRow,
} from './users.repository';

type Claims = Pick<AccessClaims, 'sub' | 'sid' | 'iat'>;

async function currentUser(ctx: AccountsContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return user;
}

export async function profile(ctx: AccountsContext, userId: string): Promise<ProfileDto> {
  const user = await currentUser(ctx, userId);
  return {
    username: user.username,
    email: user.email,
    country: user.country,
    registrationDate: iso(user.created_at),
    lastLogin: user.last_login_at === null ? null : iso(user.last_login_at),
  };
}

/**
 * Sets a new password (the same rules as registration) after checking the current one, and
 * ends every other login: their refresh tokens are revoked and their access tokens void in
 * every process. This login goes on. A notice is mailed.
 */
export async function changePassword(ctx: AccountsContext, claims: Claims, current: string, next: string) {
  const user = await currentUser(ctx, claims.sub);
  assertPasswordAllowed(next, 'newPassword', user);
  if (!(await checkPassword(ctx, user, current))) throw accountErrors.wrongPassword();
  const passwordHash = await hashPassword(next, ctx.config.scryptN);
  const now = ctx.now();
  const others = await ctx.db.transaction().execute(async (trx) => {
    // The version rises with the password: a login that checked the old one and has not yet
    // started its session starts none; one that started already is among `families` below.
    await lockUser(trx, user.id);
    await updateUser(trx, user.id, { password_hash: passwordHash });
    await bumpCredentialsVersion(trx, user.id);
    const families = await liveFamiliesOfUser(trx, user.id, now, claims.sid);
    await endSessionsIn(ctx, trx, families, now);
    await clearLoginFailures(trx, user.id);
    // A token from before tokens named their login: void the person's older tokens instead.
    if (claims.sid === undefined) {
      await revokeAccessTokensBefore(trx, user.id, Math.floor(now / 1000), now, ctx.revokedSessions.forgetBefore(now));
    }
    return families;
  });
  noteEndedSessions(ctx, others, now);
  if (claims.sid === undefined) ctx.revokedSessions.note(user.id, Math.floor(now / 1000));
  await ctx.sendMail(passwordChangedMail(user.email, user.username, new Date(now)));
}

/**
 * Deletes the account after checking the password: the user row and with it every code,
 * refresh token and failed-login row; every login ends in every process. Feedback (stored
 * without a link to anyone) and analytics counts stay. A notice goes to the old address.
 */
export async function deleteAccount(ctx: AccountsContext, claims: Claims, password: string): Promise<void> {
  const user = await currentUser(ctx, claims.sub);
  if (!(await checkPassword(ctx, user, password))) throw accountErrors.wrongPassword();
  const now = ctx.now();
  const committed: AfterCommit[] = [];
  const families = await ctx.db.transaction().execute(async (trx) => {
    const all = await familiesOfUser(trx, user.id);
    await endSessionsIn(ctx, trx, all, now);
    for (const part of ctx.personalData) {
      const after = await part.delete(trx, user.id);
      if (after) committed.push(after);
    }
    await deleteUser(trx, user.id);
    return all;
  });
  for (const after of committed) after();
  noteEndedSessions(ctx, families, now);
  // Tokens that name no login: voided in this process (the revocation row went with the user).
  ctx.revokedSessions.note(user.id, Math.floor(now / 1000) + 1);
  ctx.log.info({ userId: user.id }, 'account deleted');
  await ctx.sendMail(accountDeletedMail(user.email, user.username, new Date(now)));
}

/** Everything stored about the person, without secrets (no password hash, code hashes or tokens). */
export async function exportPersonalData(ctx: AccountsContext, userId: string): Promise<PersonalDataDto> {
  const user = await currentUser(ctx, userId);
  const tokens = await refreshTokensOfUser(ctx.db, user.id);
  const byFamily = new Map<string, typeof tokens>();
  for (const t of tokens) byFamily.set(t.family_id, [...(byFamily.get(t.family_id) ?? []), t]);
  const sessions = [...byFamily.values()].map((chain) => {
    const created = chain.map((t) => Number(t.created_at));
    const revoked = chain.map((t) => t.revoked_at).filter((r): r is number => r !== null);
    return {
      startedAt: iso(Math.min(...created)),
      lastRefreshedAt: iso(Math.max(...created)),
      expiresAt: iso(Math.max(...chain.map((t) => Number(t.expires_at)))),
      endedAt: revoked.length === chain.length ? iso(Math.max(...revoked.map(Number))) : null,
    };
  });
  const codes = (await codesOfUser(ctx.db, user.id)).map((c) => ({
    purpose: c.purpose,
    sentAt: iso(Number(c.created_at)),
    expiresAt: iso(Number(c.expires_at)),
    usedAt: isoOrNull(c.used_at),
    tries: Number(c.attempts),
  }));
  const failedLogins = (await loginFailuresOfUser(ctx.db, user.id)).map((at) => ({ at: iso(at) }));
  const parts: Partial<PersonalDataDto>[] = [];
  for (const part of ctx.personalData) parts.push(await part.export(user.id));
  return {
    ...Object.assign({}, ...parts),
    exportedAt: iso(ctx.now()),
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      country: user.country,
      registrationDate: iso(user.created_at),
      verifiedAt: isoOrNull(user.verified_at),
      lastLogin: isoOrNull(user.last_login_at),
      loginLockedUntil: isoOrNull(user.locked_until),
      myBookmakers: user.my_books === null ? null : myBooksOf(user.my_books).books,
    },
    sessions,
    codes,
    failedLogins,
    notLinked: [
      'Feedback is stored without any link to the person who sent it, so none can be listed here.',
      'Analytics keep only daily counts per event and country, never a person.',
    ],
  };
}
