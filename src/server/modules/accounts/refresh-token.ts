/**
 * Refresh tokens: 256 random bits, base64url; only their SHA-256 is stored.
 * A rotation's successor is not random but an HMAC of the presented token under a server key:
 * the same token presented twice (parallel tabs, a retried request) yields the same successor,
 * so a login stays one chain, and nobody without the server secret can compute it.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const REFRESH_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function refreshTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function looksLikeRefreshToken(token: unknown): token is string {
  return typeof token === 'string' && REFRESH_TOKEN.test(token);
}

export function successorKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('oddsmate/refresh-successor/v1').digest();
}

export function successorOf(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}
