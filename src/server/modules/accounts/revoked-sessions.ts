/**
 * Voided access tokens, three kinds: per user, those issued under a
 * credentials version below the current one (a password reset ends every session, whatever the
 * millisecond), and those issued (iat, seconds) before a given second (tokens that name no
 * login, logged out or changed their password); and per login, those whose
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
  /** User → the lowest credentials version whose tokens still count, and when that was set (epoch ms). */
  private readonly minVersionByUser = new Map<string, { version: number; at: number }>();
  /** Ended logins (refresh-token family id) → when they ended (epoch ms). */
  private readonly endedSessions = new Map<string, number>();

  constructor(private readonly tokenLifetimeMs: number) {}

  /** Whether the token with these claims was voided. */
  voids(claims: Pick<AccessClaims, 'sub' | 'iat' | 'sid' | 'cv'>): boolean {
    if (claims.sid !== undefined && this.endedSessions.has(claims.sid)) return true;
    const min = this.minVersionByUser.size === 0 ? undefined : this.minVersionByUser.get(claims.sub);
    if (min !== undefined && (claims.cv ?? 0) < min.version) return true;
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

  /** Voids the user's tokens issued under a credentials version below `minVersion` in this process. */
  noteVersion(userId: string, minVersion: number, at: number): void {
    const known = this.minVersionByUser.get(userId);
    if (known === undefined || minVersion > known.version)
      this.minVersionByUser.set(userId, { version: minVersion, at });
  }

  /** Revocations older than this (epoch ms) void no live token. */
  forgetBefore(now: number): number {
    return now - this.tokenLifetimeMs - SLACK_MS;
  }

  /** Learns the revocations other processes made, and forgets those no live token is subject to. */
  async refresh(db: Kysely<Database>, now: number): Promise<void> {
    const since = this.forgetBefore(now);
    for (const r of await findRevocationsSince(db, since)) {
      if (r.beforeS > 0) this.note(r.userId, r.beforeS);
      if (r.minVersion > 0) this.noteVersion(r.userId, r.minVersion, now);
    }
    for (const r of await findSessionRevocationsSince(db, since)) this.noteSession(r.familyId, r.revokedAt);
    for (const [userId, beforeS] of this.beforeByUser) {
      if (beforeS * 1000 < since) this.beforeByUser.delete(userId);
    }
    for (const [userId, { at }] of this.minVersionByUser) {
      if (at < since) this.minVersionByUser.delete(userId);
    }
    for (const [familyId, at] of this.endedSessions) {
      if (at < since) this.endedSessions.delete(familyId);
    }
  }

  get size(): number {
    return this.beforeByUser.size + this.minVersionByUser.size + this.endedSessions.size;
  }
}
