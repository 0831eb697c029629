/** Refresh tokens (ARCHITECTURE §4): 256 random bits, base64url; only their SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';

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
