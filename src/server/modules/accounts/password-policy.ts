/**
 * New passwords (register, reset, change): besides 8–128 characters, not one of the most
 * common passwords (NIST SP 800-63B: check against a list of commonly used values). The list is
 * the one @zxcvbn-ts/language-common maintains (about 49,000 entries, most common first; all of
 * it is used), compared ignoring case; a password of one repeated character (8 spaces,
 * `aaaaaaaa`) counts as common too. The answer is 400 VALIDATION_ERROR whose description is
 * exactly the product's message (docs/product.md §5, §8).
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { ErrorCode } from '@shared/errors';
import { MSG } from '@shared/messages';
import { ApiError } from '../../core/errors';

let common: ReadonlySet<string> | null = null;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set((dictionary.passwords as readonly string[]).map((p) => p.toLowerCase()));
  return common;
}

function isCommonPassword(password: string): boolean {
  const normalized = password.normalize('NFKC');
  if (/^(.)\1*$/su.test(normalized)) return true;
  return commonPasswords().has(normalized.toLowerCase());
}

/** Throws the "too common" validation error for a password on the list. */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (!isCommonPassword(password)) return;
  throw new ApiError(400, ErrorCode.VALIDATION_ERROR, MSG.passwordTooCommon, 'validation', [
    { field, message: MSG.passwordTooCommon },
  ]);
}
