/**
 * Remembers verified access-token claims until their exp, bounded (least recently used goes
 * first). HMAC verification dominates the cost of an authenticated odds request; a token we
 * verified once stays valid until exp, so the answer can be reused.
 */
import type { AccessClaims } from './access-token';

export class ClaimsCache {
  private readonly entries = new Map<string, AccessClaims>();

  constructor(private readonly capacity = 10_000) {}

  /** Claims of a token verified earlier and not yet expired at `nowMs`. */
  get(token: string, nowMs: number): AccessClaims | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    this.entries.delete(token);
    if (claims.exp * 1000 <= nowMs) return undefined;
    this.entries.set(token, claims);
    return claims;
  }

  set(token: string, claims: AccessClaims): void {
    this.entries.delete(token);
    this.entries.set(token, claims);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
