/**
 * One-time codes: 6 digits from a CSPRNG, stored only as an HMAC under a
 * server key and bound to user, purpose and e-mail, so a database reader learns nothing and
 * a code cannot move to another account or purpose.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@shared/constants';
import type { OtpPurpose } from './accounts.tables';

export const MAX_CODE_TRIES = 5;

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** The HMAC key for codes, derived from the server secret so it differs from the JWT key. */
export function codeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('oddsmate/one-time-code/v1').digest();
}

export function codeHash(key: Buffer, userId: string, purpose: OtpPurpose, email: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${userId}\n${email}\n${code}`).digest('base64url');
}

export function codeMatches(expectedHash: string, actualHash: string): boolean {
  const a = Buffer.from(expectedHash);
  const b = Buffer.from(actualHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
