/**
 * Form validation of docs/product.md#validation: each function returns the exact message to show, or null.
 * The server applies the same rules (plus its own limits) to the same fields.
 */
import { CODE_LENGTH, FEEDBACK_MAX_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { MSG } from './messages';

/** The spec's "simple {email} pattern": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Keeps digits only, then the first 6 (typing and paste alike). */
export function sanitizeCode(input: string): string {
  return input.replace(/\D+/g, '').slice(0, CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}

export function validateLogin(username: string, password: string): string | null {
  return username.trim() && password.trim() ? null : MSG.loginRequired;
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  country: string | number;
}

export function validatePasswordPair(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return MSG.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return MSG.passwordTooShort;
  return null;
}

export function validateRegister(input: RegisterInput): string | null {
  const { username, email, password, confirmPassword, country } = input;
  if (!username.trim() || !email.trim() || !password || !confirmPassword || !String(country).trim()) {
    return MSG.fillAllFields;
  }
  return validatePasswordPair(password, confirmPassword) ?? (isValidEmail(email) ? null : MSG.invalidEmail);
}

export function validateCode(code: string): string | null {
  return isCompleteCode(code) ? null : MSG.codeRequired;
}

export function validateForgot(email: string): string | null {
  if (!email.trim()) return MSG.emailRequired;
  return isValidEmail(email) ? null : MSG.invalidEmail;
}

export function validateReset(code: string, password: string, confirmPassword: string): string | null {
  if (!isCompleteCode(code)) return MSG.codeRequired;
  if (!password || !confirmPassword) return MSG.fillAllFields;
  return validatePasswordPair(password, confirmPassword);
}

/**
 * The common-password rule (NIST SP 800-63B), as the server applies it: a password of
 * one repeated character, or one on the list (compared after NFKC, ignoring case), is refused with
 * 'This password is too common. Please choose another.'. `list` is the client's copy of the most
 * common entries, or null while it has not loaded (the server's answer then says it).
 */
export function commonPasswordMessage(password: string, list: ReadonlySet<string> | null): string | null {
  const normalized = password.normalize('NFKC');
  if (/^(.)\1*$/su.test(normalized)) return MSG.passwordTooCommon;
  return list?.has(normalized.toLowerCase()) ? MSG.passwordTooCommon : null;
}

/** Profile, change password: every field required, then the new pair as in registration. */
export function validateChangePassword(current: string, password: string, confirmPassword: string): string | null {
  if (!current || !password || !confirmPassword) return MSG.fillAllFields;
  return validatePasswordPair(password, confirmPassword);
}

/** Profile, delete account: the password confirms it. */
export function validateDeleteAccount(password: string): string | null {
  return password ? null : MSG.passwordRequired;
}

export function validateFeedback(message: string): string | null {
  const trimmed = message.trim();
  if (!trimmed) return MSG.feedbackRequired;
  return trimmed.length > FEEDBACK_MAX_LENGTH ? `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters.` : null;
}
