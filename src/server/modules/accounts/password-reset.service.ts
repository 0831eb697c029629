/**
 * Forgotten passwords: forgot answers USER_NOT_FOUND for unknown
 * addresses (the spec wants it; rate limits mitigate), and within the cooldown answers
 * `codeSent: false` when the person still holds a usable code (so the client opens the code
 * step) rather than 429; reset checks the code, sets the password, ends every other session
 * (refresh tokens revoked, access tokens voided in every process), e-mails a notice and logs
 * the person in.
 */
import { RESEND_COOLDOWN_S } from '@shared/constants';
import type { AuthSessionDto, CodeSentDto } from '@shared/contract/users';
import { hasUsableCode } from './one-time-codes.repository';
import { MAX_CODE_TRIES } from './one-time-code';
import { assertPasswordAllowed } from './password-policy';
import { passwordChangedMail, passwordResetMail } from './mail.templates';
import { clearLoginFailures } from './login-failures.repository';
import { revokeAccessTokensBelowVersion } from './access-revocations.repository';
import { revokeAllForUser } from './refresh-tokens.repository';
import * as users from './users.repository';
import { accountErrors } from './account-errors';
import type { AccountsContext } from './accounts.context';
import { issueCode, useCode } from './codes.service';
import { hashPassword } from './passwords';
import { normalizeEmail } from './registration.service';
import { openSessionIn, sessionAnswer } from './sessions.service';

export async function forgotPassword(ctx: AccountsContext, rawEmail: string): Promise<CodeSentDto> {
  const user = await users.findUserByEmail(ctx.db, normalizeEmail(rawEmail));
  if (!user) throw accountErrors.userNotFound();
  const issued = await issueCode(ctx, user, 'reset');
  if (issued.code === undefined) {
    // Cooling down: a person who still holds a usable code is sent to the code step, not stranded.
    if (await hasUsableCode(ctx.db, user.id, 'reset', ctx.now(), MAX_CODE_TRIES)) {
      return { codeSent: false, resendAfterS: issued.retryAfterS };
    }
    throw accountErrors.codeCooldown(issued.retryAfterS);
  }
  const sent = await ctx.sendMail(passwordResetMail(user.email, user.username, issued.code, ctx.config.otpTtlS));
  return { codeSent: sent, resendAfterS: RESEND_COOLDOWN_S };
}

export async function resetPassword(
  ctx: AccountsContext,
  rawEmail: string,
  otp: string,
  password: string,
): Promise<AuthSessionDto> {
  const user = await users.findUserByEmail(ctx.db, normalizeEmail(rawEmail));
  // Before the code is spent, so a refused password leaves the code usable.
  assertPasswordAllowed(password, 'password', user);
  if (!user) throw accountErrors.invalidOtp();
  const check = await useCode(ctx, user, 'reset', otp);
  if (check === 'expired') throw accountErrors.otpExpired();
  if (check === 'used') throw accountErrors.otpAlreadyUsed();
  if (check !== 'ok') throw accountErrors.invalidOtp();

  const passwordHash = await hashPassword(password, ctx.config.scryptN);
  const now = ctx.now();
  // The code proved the mailbox, so a reset also verifies an account that never was.
  const changes = {
    password_hash: passwordHash,
    verified_at: user.verified_at ?? now,
    last_login_at: now,
    locked_until: null,
  };
  // Every other session ends now, in one transaction with the new password: the credentials
  // version rises (a login that checked the old password starts no session after this commits),
  // refresh tokens are revoked, and access tokens of older versions are void in every process
  // (whatever second or millisecond they were issued in). The reset's own login starts in it too.
  const done = await ctx.db.transaction().execute(async (trx) => {
    await users.lockUser(trx, user.id);
    await users.updateUser(trx, user.id, changes);
    const version = await users.bumpCredentialsVersion(trx, user.id);
    await revokeAllForUser(trx, user.id, now);
    await revokeAccessTokensBelowVersion(trx, user.id, version, now, ctx.revokedSessions.forgetBefore(now));
    await clearLoginFailures(trx, user.id);
    const fresh = { ...user, ...changes, credentials_version: version };
    return { version, fresh, opened: await openSessionIn(ctx, trx, fresh, now) };
  });
  ctx.revokedSessions.noteVersion(user.id, done.version, now);
  await ctx.sendMail(passwordChangedMail(user.email, user.username, new Date(now)));
  return sessionAnswer(ctx, done.fresh, done.opened, now);
}
