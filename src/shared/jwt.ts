/**
 * Reading (not verifying) an access token's claims on the client: `exp` gives expiry in
 * seconds, `ak` signs odds requests. Verification is the server's job.
 */

export interface AccessTokenClaims {
  sub?: string;
  username?: string;
  country?: number;
  ak?: string;
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when it is not a well-formed JWT. */
export function decodeJwtClaims(token: string | null | undefined): AccessTokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as AccessTokenClaims) : null;
  } catch {
    return null;
  }
}

/** Expiry time in ms since the epoch, or null when the token carries no numeric exp. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = decodeJwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}
