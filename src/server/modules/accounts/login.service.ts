/**
 * Login: unknown names cost a real hash; failures slow the
 * account's guesses down instead of locking the person out: the first 5 failures within 15
 * minutes are free, after that each attempt waits for its turn (1 s after the last failure,
 * then 2, 4, 8 … up to 60 s) and one that comes early answers 429 with Retry-After, without
 * being counted or moving the wait. So a stranger who knows the user name gains at most about
 * one guess a minute, and cannot keep the right password out for more than that minute. An
 * unverified account answers ACCOUNT_NOT_VERIFIED only after its password matched, with a fresh
 * code when the cooldown allows (and says whether one was sent).
 *
 * Attempts are counted before the password is hashed: each one takes a slot in one short
 * transaction (the user row locked), counted as a failure until it proves right, so 30
 * parallel guesses evaluate at most 5 and the rest answer 429. A right password removes only
 * its own slot: it never forgets the failures around it.
 */
import type { AuthSessionDto } from '@shared/contract/users';
import * as failures from './login-failures.repository';
import * as users from './users.repository';
import { accountErrors } from './account-errors';
import type { AccountsContext } from './accounts.context';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { normalizeEmail, sendVerification, usernameKey } from './registration.service';
import { startSession } from './sessions.service';

/** Failures within the window that cost no wait. */
const FREE_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 60_000;

/** The wait after the last failure before the next attempt, with `recent` failures in the window. */
function waitAfter(recent: number): number {
  if (recent < FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(recent - FREE_FAILURES, 16));
}

/** By username (any case), or by e-mail when the name holds an @. */
async function findLoginUser(ctx: AccountsContext, name: string): Promise<users.UserRow | undefined> {
  return name.includes('@')
    ? users.findUserByEmail(ctx.db, normalizeEmail(name))
    : users.findUserByUsernameKey(ctx.db, usernameKey(name));
}

/**
 * Takes an attempt slot, or answers 429 (with the seconds to wait) when the account's next
 * attempt is not due yet. Returns the slot's id; `settleAttempt` judges it once the hash is known.
 */
export async function claimAttempt(ctx: AccountsContext, userId: string): Promise<string> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    await users.lockUser(trx, userId);
    const since = now - FAILURE_WINDOW_MS;
    const recent = await failures.countLoginFailuresSince(trx, userId, since);
    const wait = waitAfter(recent);
    if (wait > 0) {
      const last = (await failures.lastLoginFailureSince(trx, userId, since)) ?? now;
      const dueIn = last + wait - now;
      if (dueIn > 0) return { retryAfterS: dueIn / 1000 };
    }
    return { slot: await failures.recordLoginFailure(trx, userId, now) };
  });
  if (outcome.slot === undefined) throw accountErrors.loginLocked(outcome.retryAfterS);
  return outcome.slot;
}

/** A right password frees its slot; a wrong one stays counted as a failure. */
export async function settleAttempt(ctx: AccountsContext, userId: string, slot: string, right: boolean) {
  if (right) {
    await failures.deleteLoginFailure(ctx.db, slot);
    return;
  }
  const recent = await failures.countLoginFailuresSince(ctx.db, userId, ctx.now() - FAILURE_WINDOW_MS);
  if (recent === FREE_FAILURES) ctx.log.warn({ userId }, 'login slowed after repeated failures');
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

  const changes: Partial<users.UserRow> = { last_login_at: ctx.now() };
  if (needsRehash(user.password_hash, ctx.config.scryptN)) {
    changes.password_hash = await hashPassword(password, ctx.config.scryptN);
  }
  // Only while the password just checked is still the account's (no reset or change committed since).
  return startSession(ctx, user, { verifiedVersion: user.credentials_version, changes });
}
