/**
 * Login (docs/architecture.md §3, §4, §8): unknown names cost a real hash; 10 failures in 15 minutes
 * lock the account's login for 15 minutes (429); an unverified account answers
 * ACCOUNT_NOT_VERIFIED only after its password matched, with a fresh code when the cooldown
 * allows (and says whether one was sent).
 *
 * Attempts are counted before the password is hashed: each one takes a slot in one short
 * transaction (the user row locked), counted as a failure until it proves right, so 30
 * parallel guesses evaluate at most 10 and the rest answer 429. A right password removes only
 * its own slot: it never lifts a lock nor forgets the failures around it.
 */
import type { AuthSessionDto } from '@shared/contract/users';
import * as failures from './login-failures.repository';
import * as users from './users.repository';
import { accountErrors } from './account-errors';
import type { AccountsContext } from './accounts.context';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { normalizeEmail, sendVerification, usernameKey } from './registration.service';
import { startSession } from './sessions.service';

const LOCKOUT_FAILURES = 10;
const LOCKOUT_WINDOW_MS = 15 * 60_000;
const LOCKOUT_MS = 15 * 60_000;

/** By username (any case), or by e-mail when the name holds an @. */
async function findLoginUser(ctx: AccountsContext, name: string): Promise<users.UserRow | undefined> {
  return name.includes('@')
    ? users.findUserByEmail(ctx.db, normalizeEmail(name))
    : users.findUserByUsernameKey(ctx.db, usernameKey(name));
}

/**
 * Takes one of the account's 10 attempts, or answers 429 when it is locked or none is left
 * (which locks it). Returns the slot's id; `settleAttempt` judges it once the hash is known.
 */
export async function claimAttempt(ctx: AccountsContext, userId: string): Promise<string> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    await users.lockUser(trx, userId);
    const user = await users.findUserById(trx, userId);
    const lockedFor = (user?.locked_until ?? 0) - now;
    if (lockedFor > 0) return { retryAfterS: lockedFor / 1000 };
    const recent = await failures.countLoginFailuresSince(trx, userId, now - LOCKOUT_WINDOW_MS);
    if (recent >= LOCKOUT_FAILURES) {
      await lock(ctx, trx, userId, now);
      return { retryAfterS: LOCKOUT_MS / 1000 };
    }
    return { slot: await failures.recordLoginFailure(trx, userId, now) };
  });
  if (outcome.slot === undefined) throw accountErrors.loginLocked(outcome.retryAfterS);
  return outcome.slot;
}

async function lock(ctx: AccountsContext, db: AccountsContext['db'], userId: string, now: number): Promise<void> {
  await users.updateUser(db, userId, { locked_until: now + LOCKOUT_MS });
  await failures.clearLoginFailures(db, userId);
  ctx.log.warn({ userId }, 'login locked after repeated failures');
}

/** A right password frees its slot; a wrong one stays counted and locks at the 10th. */
export async function settleAttempt(ctx: AccountsContext, userId: string, slot: string, right: boolean) {
  if (right) {
    await failures.deleteLoginFailure(ctx.db, slot);
    return;
  }
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await users.lockUser(trx, userId);
    const recent = await failures.countLoginFailuresSince(trx, userId, now - LOCKOUT_WINDOW_MS);
    if (recent >= LOCKOUT_FAILURES) await lock(ctx, trx, userId, now);
  });
}

/** Checks the account's password under the lockout rules; true when right. */
export async function checkPassword(ctx: AccountsContext, user: users.UserRow, password: string): Promise<boolean> {
  const slot = await claimAttempt(ctx, user.id);
  const right = await verifyPassword(password, user.password_hash);
  await settleAttempt(ctx, user.id, slot, right);
  return right;
}

export async function login(ctx: AccountsContext, name: string, password: string): Promise<AuthSessionDto> {
  const user = await findLoginUser(ctx, name.trim());
  if (!user) {
    await verifyPassword(password, ctx.dummyHash);
    throw accountErrors.invalidCredentials();
  }
  if (!(await checkPassword(ctx, user, password))) throw accountErrors.invalidCredentials();

  if (user.verified_at === null) {
    const sent = await sendVerification(ctx, user, 'login');
    throw accountErrors.notVerified(user.email, sent.codeSent, sent.resendAfterS);
  }

  const now = ctx.now();
  const changes: Partial<users.UserRow> = { last_login_at: now };
  if (needsRehash(user.password_hash, ctx.config.scryptN)) {
    changes.password_hash = await hashPassword(password, ctx.config.scryptN);
  }
  await users.updateUser(ctx.db, user.id, changes);
  return startSession(ctx, { ...user, ...changes });
}
