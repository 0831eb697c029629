/**
 * The signed token of the one-click unsubscribe link: the user id and
 * an HMAC over it with a key derived from JWT_SECRET. It never expires and does one thing only:
 * switch that person's alert e-mails off.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function unsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('oddsmate/alert-unsubscribe/v1').digest();
}

function mac(key: Buffer, userId: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe\n${userId}`).digest();
}

export function unsubscribeToken(key: Buffer, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(key, userId).toString('base64url')}`;
}

/** The user id the token names, or null when the server did not sign it. */
export function verifyUnsubscribeToken(key: Buffer, token: string): string | null {
  const [idPart, macPart, extra] = token.split('.');
  if (!idPart || !macPart || extra !== undefined) return null;
  const userId = Buffer.from(idPart, 'base64url').toString();
  const given = Buffer.from(macPart, 'base64url');
  const expected = mac(key, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
