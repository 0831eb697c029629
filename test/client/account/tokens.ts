/** Unsigned access tokens with chosen claims: the client only reads `exp` and `ak`. */
import type { Session } from '../../../src/client/lib/session';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function makeToken(claims: { exp?: number; ak?: string; sub?: string } = {}): string {
  return `${encode({ alg: 'HS256', typ: 'at+jwt' })}.${encode(claims)}.signature`;
}

/** A token expiring `inMs` from `now` (ms), with an `ak` claim unless told otherwise. */
export function tokenExpiringIn(inMs: number, ak: string | null = 'ak-1', now = Date.now()): string {
  return makeToken({ exp: Math.floor((now + inMs) / 1000), ...(ak ? { ak } : {}) });
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    token: tokenExpiringIn(15 * 60_000),
    refreshToken: 'refresh-1',
    user: {
      id: '7',
      username: 'ada',
      email: '',
      country: '1',
      createdAt: '2025-01-02T03:04:05.000Z',
      updatedAt: '2025-01-02T03:04:05.000Z',
    },
    timestamp: 1_000,
    ...overrides,
  };
}

export const loggedIn = (session: Session = makeSession()) => ({ auth: { session, loading: false } });

export const serverUser = { id: '7', username: 'ada', country: 1, registrationDate: '2025-01-02T03:04:05.000Z' };
