/**
 * Login (ARCHITECTURE §3, §4, §8): unknown names cost a real hash; 10 failures in 15 minutes
 * lock the account's login for 15 minutes (429); an unverified account answers
 * ACCOUNT_NOT_VERIFIED only after its password matched, and gets a fresh code.
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

async function recordFailure(ctx: AccountsContext, user: users.UserRow): Promise<void> {
  const now = ctx.now();
  await failures.recordLoginFailure(ctx.db, user.id, now);
  const recent = await failures.countLoginFailuresSince(ctx.db, user.id, now - LOCKOUT_WINDOW_MS);
  if (recent >= LOCKOUT_FAILURES) {
    await users.updateUser(ctx.db, user.id, { locked_until: now + LOCKOUT_MS });
    await failures.clearLoginFailures(ctx.db, user.id);
    ctx.log.warn({ userId: user.id }, 'login locked after repeated failures');
  }
}

export async function login(ctx: AccountsContext, name: string, password: string): Promise<AuthSessionDto> {
  const user = await findLoginUser(ctx, name.trim());
  if (!user) {
    await verifyPassword(password, ctx.dummyHash);
    throw accountErrors.invalidCredentials();
  }
  const lockedFor = (user.locked_until ?? 0) - ctx.now();
  if (lockedFor > 0) throw accountErrors.loginLocked(lockedFor / 1000);

  if (!(await verifyPassword(password, user.password_hash))) {
    await recordFailure(ctx, user);
    throw accountErrors.invalidCredentials();
  }
  await failures.clearLoginFailures(ctx.db, user.id);

  if (user.verified_at === null) {
    await sendVerification(ctx, user, 'login');
    throw accountErrors.notVerified(user.email);
  }

  const now = ctx.now();
  const changes: Partial<users.UserRow> = { last_login_at: now, locked_until: null };
  if (needsRehash(user.password_hash, ctx.config.scryptN)) {
    changes.password_hash = await hashPassword(password, ctx.config.scryptN);
  }
  await users.updateUser(ctx.db, user.id, changes);
  return startSession(ctx, { ...user, ...changes });
}
