/**
 * Voided access tokens (docs/architecture.md §4), two kinds: per user, those issued (iat, seconds)
 * before a given second (a password reset ends every session); and per login, those whose
 * `sid` names a refresh-token family that ended (logout, password change, reuse alarm,
 * account deletion). The process that made the change knows at once (`note`, `noteSession`);
 * every other process on the database within one poll (`refresh`, every 2 s). A revocation
 * matters only while a token it voids can be alive, so after one access-token lifetime it is
 * forgotten, here and in the tables.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database';
import { findRevocationsSince, findSessionRevocationsSince } from './access-revocations.repository';
import type { AccessClaims } from './access-token';

/** Covers clock skew between processes and a poll that straddles the boundary. */
const SLACK_MS = 60_000;

export class RevokedSessions {
  private readonly beforeByUser = new Map<string, number>();
  /** Ended logins (refresh-token family id) → when they ended (epoch ms). */
  private readonly endedSessions = new Map<string, number>();

  constructor(private readonly tokenLifetimeMs: number) {}

  /** Whether the token with these claims was voided. */
  voids(claims: Pick<AccessClaims, 'sub' | 'iat' | 'sid'>): boolean {
    if (claims.sid !== undefined && this.endedSessions.has(claims.sid)) return true;
    if (this.beforeByUser.size === 0) return false;
    const before = this.beforeByUser.get(claims.sub);
    return before !== undefined && claims.iat < before;
  }

  /** Voids every access token of the login (refresh-token family) in this process. */
  noteSession(familyId: string, at: number): void {
    if (!this.endedSessions.has(familyId)) this.endedSessions.set(familyId, at);
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
    for (const r of await findSessionRevocationsSince(db, since)) this.noteSession(r.familyId, r.revokedAt);
    for (const [userId, beforeS] of this.beforeByUser) {
      if (beforeS * 1000 < since) this.beforeByUser.delete(userId);
    }
    for (const [familyId, at] of this.endedSessions) {
      if (at < since) this.endedSessions.delete(familyId);
    }
  }

  get size(): number {
    return this.beforeByUser.size + this.endedSessions.size;
  }
}
