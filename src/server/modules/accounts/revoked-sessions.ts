/**
 * Access tokens a password reset voided (ARCHITECTURE §4: a reset revokes all other
 * sessions): per user, those issued (iat, seconds) before a given second. The process that
 * made the reset knows at once (`note`); every other process on the database within one poll
 * (`refresh`, every 2 s). A revocation matters only while a token it voids can be alive, so
 * after one access-token lifetime it is forgotten, here and in the table.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database';
import { findRevocationsSince } from './access-revocations.repository';
import type { AccessClaims } from './access-token';

/** Covers clock skew between processes and a poll that straddles the boundary. */
const SLACK_MS = 60_000;

export class RevokedSessions {
  private readonly beforeByUser = new Map<string, number>();

  constructor(private readonly tokenLifetimeMs: number) {}

  /** Whether the token with these claims was voided. */
  voids(claims: Pick<AccessClaims, 'sub' | 'iat'>): boolean {
    if (this.beforeByUser.size === 0) return false;
    const before = this.beforeByUser.get(claims.sub);
    return before !== undefined && claims.iat < before;
  }

  /** Voids the user's tokens issued before `beforeS` in this process. */
  note(userId: string, beforeS: number): void {
    const known = this.beforeByUser.get(userId);
    if (known === undefined || beforeS > known) this.beforeByUser.set(userId, beforeS);
  }

  /** Revocations older than this (epoch ms) void no live token. */
  forgetBefore(now: number): number {
    return now - this.tokenLifetimeMs - SLACK_MS;
  }

  /** Learns the revocations other processes made, and forgets those no live token is subject to. */
  async refresh(db: Kysely<Database>, now: number): Promise<void> {
    const since = this.forgetBefore(now);
    for (const r of await findRevocationsSince(db, since)) this.note(r.userId, r.beforeS);
    for (const [userId, beforeS] of this.beforeByUser) {
      if (beforeS * 1000 < since) this.beforeByUser.delete(userId);
    }
  }

  get size(): number {
    return this.beforeByUser.size;
  }
}
