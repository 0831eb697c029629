/**
 * The session as the whole client reads it: its shape, the selectors over the
 * `auth` slice, and the two events the baseQuery reports about it. The account feature owns the
 * `auth` slice that writes it (`features/account/auth.slice.ts`); everything else only reads it
 * here, so no feature needs to import another to know who is logged in.
 */
import { createAction } from '@reduxjs/toolkit';

interface SessionUser {
  id: string;
  username: string;
  email: string;
  country: string;
  createdAt: string;
  updatedAt: string;
}

export interface Session {
  token: string;
  refreshToken: string;
  user: SessionUser;
  /** When the session was stored, ms since the epoch. */
  timestamp: number;
}

/** A session as handed to `sessionStarted`; the timestamp is stamped when absent. */
export type NewSession = Omit<Session, 'timestamp'> & { timestamp?: number };

export interface AuthState {
  session: Session | null;
  /** True until the start-up check ends. */
  loading: boolean;
  /** Set when the session ended because the person deleted the account ('/' then says so). */
  accountDeleted?: boolean;
}

type StateWithAuth = { auth: AuthState };

export const selectSession = (state: StateWithAuth) => state.auth.session;
export const selectIsLoggedIn = (state: StateWithAuth) => state.auth.session !== null;
export const selectAuthLoading = (state: StateWithAuth) => state.auth.loading;
export const selectUser = (state: StateWithAuth) => state.auth.session?.user ?? null;
export const selectAccountDeleted = (state: StateWithAuth) => state.auth.accountDeleted === true;

/**
 * The access token was renewed with the refresh token (rotation: both change). Dispatched by the
 * baseQuery's 401 path; the time travels in the payload so reducers stay pure.
 */
export const sessionRefreshed = createAction(
  'auth/sessionRefreshed',
  (payload: { token: string; refreshToken: string; timestamp?: number }, timestamp: number = Date.now()) => ({
    payload: { ...payload, timestamp: payload.timestamp ?? timestamp },
  }),
);

/**
 * A 401 could not be cured by a refresh: AUTH_EXPIRED. One event; the slices
 * answer it (the session ends, Login opens, its message is recorded at `at`).
 */
export const sessionExpired = createAction('auth/sessionExpired', (at: number = Date.now()) => ({
  payload: { at },
}));

/**
 * The person deleted their account: the session ends like a logout, and the
 * stored one goes with it. Declared here so the profile feature can report it without importing
 * the account feature, whose `auth` slice answers it.
 */
export const accountDeleted = createAction('auth/accountDeleted', (at: number = Date.now()) => ({
  payload: { at },
}));
