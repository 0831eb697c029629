/**
 * Registration and e-mail verification: only country 1; username
 * and e-mail unique (an unverified account still holds them); the registration e-mail starts
 * the verification cooldown; verifying logs the person in.
 */
import { randomUUID } from 'node:crypto';
import { REGISTRATION_COUNTRY_ID } from '@shared/constants';
import { RESEND_COOLDOWN_S } from '@shared/constants';
import { type AuthSessionDto, type CodeSentDto, isPlainEmail, type RegisteredDto } from '@shared/contract/users';
import { resolveCountry } from '@shared/lookups';
import { validationError } from '../../core/errors';
import { verificationMail, type VerificationReason } from './mail.templates';
import * as users from './users.repository';
import { accountErrors } from './account-errors';
import type { AccountsContext } from './accounts.context';
import { issueCode, useCode } from './codes.service';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword } from './passwords';
import { startSession } from './sessions.service';

export interface Registration {
  userName: string;
  email: string;
  password: string;
  country: string | number;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export const usernameKey = (username: string): string => username.trim().toLowerCase();

async function assertFree(ctx: AccountsContext, email: string, username: string): Promise<void> {
  if (await users.findUserByEmail(ctx.db, email)) throw accountErrors.emailInUse();
  if (await users.findUserByUsernameKey(ctx.db, usernameKey(username))) throw accountErrors.usernameInUse();
}

export async function register(ctx: AccountsContext, input: Registration): Promise<RegisteredDto> {
  const country = resolveCountry(input.country);
  if (country?.id !== REGISTRATION_COUNTRY_ID) {
    throw validationError('country', 'must be Nigeria (1); other countries are coming soon');
  }
  const email = normalizeEmail(input.email);
  const username = input.userName.trim();
  assertPasswordAllowed(input.password, 'password', { username, email });
  await assertFree(ctx, email, username);
  const passwordHash = await hashPassword(input.password, ctx.config.scryptN);
  const user: users.UserRow = {
    id: randomUUID(),
    username,
    username_key: usernameKey(username),
    email,
    password_hash: passwordHash,
    country: country.id,
    verified_at: null,
    created_at: ctx.now(),
    last_login_at: null,
    locked_until: null,
    credentials_version: 0,
    my_books: null,
  };
  try {
    await users.insertUser(ctx.db, user);
  } catch (error) {
    // Lost a race with a parallel registration: answer as if we had seen it first.
    await assertFree(ctx, email, username);
    throw error;
  }
  // The registration mail starts the resend cooldown; the answer tells the client so.
  const { codeSent, resendAfterS } = await sendVerification(ctx, user, 'registration');
  return { email, codeSent, resendAfterS };
}

/**
 * Sends a verification code unless the address is cooling down. `codeSent` is false when it
 * was cooling down (or the mail server refused); `resendAfterS` is the wait before the next.
 */
export async function sendVerification(
  ctx: AccountsContext,
  user: users.UserRow,
  reason: VerificationReason,
): Promise<CodeSentDto & { coolingDown: boolean }> {
  const issued = await issueCode(ctx, user, 'verify');
  if (issued.code === undefined) return { codeSent: false, resendAfterS: issued.retryAfterS, coolingDown: true };
  const sent = await ctx.sendMail(verificationMail(user.email, user.username, issued.code, ctx.config.otpTtlS, reason));
  return { codeSent: sent, resendAfterS: RESEND_COOLDOWN_S, coolingDown: false };
}

export async function verifyEmail(ctx: AccountsContext, rawEmail: string, otp: string): Promise<AuthSessionDto> {
  const user = await users.findUserByEmail(ctx.db, normalizeEmail(rawEmail));
  if (!user) throw accountErrors.invalidVerificationCode();
  if (user.verified_at !== null) throw accountErrors.alreadyVerified();
  const check = await useCode(ctx, user, 'verify', otp);
  if (check === 'expired') throw accountErrors.verificationCodeExpired();
  if (check === 'used') throw accountErrors.alreadyVerified();
  if (check !== 'ok') throw accountErrors.invalidVerificationCode();
  const now = ctx.now();
  await users.markVerified(ctx.db, user.id, now);
  return startSession(ctx, { ...user, verified_at: now, last_login_at: now });
}

export async function resendVerification(ctx: AccountsContext, rawEmail: string): Promise<CodeSentDto> {
  const email = normalizeEmail(rawEmail);
  if (!isPlainEmail(email)) throw accountErrors.invalidEmail();
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user) throw accountErrors.invalidEmail();
  if (user.verified_at !== null) throw accountErrors.alreadyVerified();
  const { codeSent, resendAfterS, coolingDown } = await sendVerification(ctx, user, 'resend');
  if (coolingDown) throw accountErrors.codeCooldown(resendAfterS);
  return { codeSent, resendAfterS };
}
