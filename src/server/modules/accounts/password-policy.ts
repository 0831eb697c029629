/**
 * New passwords (register, reset, change): besides 8–128 characters,
 * - not one of the most common passwords (NIST SP 800-63B: check against a list of commonly
 *   used values). The list is the one @zxcvbn-ts/language-common maintains (about 49,000
 *   entries, most common first; all of it is used), compared ignoring case; a password of one
 *   repeated character (8 spaces, `aaaaaaaa`) counts as common too;
 * - nor a common-pattern variant of a listed word: digits and symbols around it (`Password123!`,
 *   `!!monkey2024`) and the usual look-alike substitutions (`P@ssw0rd`);
 * - nor one that contains the account's user name or its e-mail address's local part (3
 *   characters or more, ignoring case and look-alikes).
 * The answer is 400 VALIDATION_ERROR whose description is exactly the product's message
 *.
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

/** Look-alike characters people put in place of letters. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '(': 'c',
  '3': 'e',
  '6': 'g',
  '9': 'g',
  '1': 'i',
  '!': 'i',
  '|': 'l',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
};

const unLook = (text: string) => [...text].map((c) => LOOK_ALIKES[c] ?? c).join('');

/** Letters only at both ends: digits, symbols and spaces around a word come off. */
const core = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** The shortest listed word a pattern variant is checked for (shorter cores are too broad). */
const MIN_CORE = 4;

function isCommonPassword(password: string): boolean {
  const normalized = password.normalize('NFKC');
  if (/^(.)\1*$/su.test(normalized)) return true;
  const lower = normalized.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  for (const candidate of new Set([core(lower), core(unLook(lower)), unLook(core(lower))])) {
    if (candidate.length >= MIN_CORE && list.has(candidate)) return true;
  }
  return false;
}

/** The shortest name part a password is checked for (shorter ones match by chance). */
const MIN_PERSONAL = 3;

function containsPersonal(password: string, who: { username: string; email: string }): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  const forms = [lower, unLook(lower)];
  const parts = [who.username, who.email.split('@')[0] ?? '']
    .map((p) => p.normalize('NFKC').toLowerCase().trim())
    .filter((p) => p.length >= MIN_PERSONAL);
  return parts.some((part) => forms.some((form) => form.includes(part)));
}

function refuse(field: string, message: string): never {
  throw new ApiError(400, ErrorCode.VALIDATION_ERROR, message, 'validation', [{ field, message }]);
}

/**
 * Given the account, throws the "contains your user name" validation error for a password that
 * does; then the "too common" one for a password on the list or a pattern variant of one.
 */
export function assertPasswordAllowed(
  password: string,
  field = 'password',
  who?: { username: string; email: string },
): void {
  if (who && containsPersonal(password, who)) refuse(field, MSG.passwordPersonal);
  if (isCommonPassword(password)) refuse(field, MSG.passwordTooCommon);
}
