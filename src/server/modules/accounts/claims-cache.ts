/**
 * Remembers verified access-token claims until their exp, bounded. HMAC verification dominates
 * the cost of an authenticated odds request; a token we verified once stays valid until exp,
 * so the answer can be reused. Keys are whole tokens: a hit means the very bytes verified.
 *
 * Eviction is second chance (CLOCK), an approximation of least-recently-used: a hit only
 * marks its entry, where moving it to the back of the map (exact LRU) cost a delete and an
 * insert on every authenticated request. When full, the oldest entry goes, unless it was used
 * since it was last looked at: then it is unmarked and moved to the back.
 */
import type { AccessClaims } from './access-token';

interface Entry {
  claims: AccessClaims;
  used: boolean;
}

export class ClaimsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 10_000) {}

  /** Claims of a token verified earlier and not yet expired at `nowMs`. */
  get(token: string, nowMs: number): AccessClaims | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.claims.exp * 1000 <= nowMs) {
      this.entries.delete(token);
      return undefined;
    }
    entry.used = true;
    return entry.claims;
  }

  set(token: string, claims: AccessClaims): void {
    this.entries.delete(token);
    if (this.entries.size >= this.capacity) this.evictOne();
    this.entries.set(token, { claims, used: false });
  }

  private evictOne(): void {
    // Ends within one pass plus one step: every entry it moves back is unmarked.
    for (const [token, entry] of this.entries) {
      this.entries.delete(token);
      if (!entry.used) return;
      entry.used = false;
      this.entries.set(token, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
