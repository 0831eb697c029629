/**
 * Where the session persists: localStorage `auth-session`, read and written best effort.
 * The storage is passed in, so the account feature can run against a fake storage in tests and
 * with no storage at all in a replay.
 */
import { SESSION_STORAGE_KEY } from '@shared/constants';
import { tokenExpiresAt } from '@shared/jwt';
import type { Session } from './session';

export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage when it is usable (it throws in some privacy modes). */
export function browserStorage(): SessionStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isSession(value: unknown): value is Session {
  const s = value as Partial<Session> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.token === 'string' &&
    s.token !== '' &&
    typeof s.refreshToken === 'string' &&
    typeof s.user === 'object' &&
    s.user !== null
  );
}

/** The stored session, or null when none is stored; throws when the entry cannot be read. */
export function readStoredSession(storage: SessionStorage | null): Session | null {
  const text = storage?.getItem(SESSION_STORAGE_KEY);
  if (!text) return null;
  const value: unknown = JSON.parse(text);
  return isSession(value) ? value : null;
}

/** Saves or removes the entry; a full or blocked storage never breaks the app. */
export function writeStoredSession(storage: SessionStorage | null, session: Session | null): void {
  if (!storage) return;
  try {
    if (session) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else storage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Persistence is best effort: the in-memory session still works for this tab.
  }
}

export function isTokenUnexpired(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt > now;
}
