/**
 * Auth state (SPEC §3, §4): the session and the start-up check status. Actions are events;
 * times travel in payloads (stamped by prepare callbacks) so reducers stay pure and a replayed
 * action log reproduces the state exactly.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SessionUser {
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

/** How a session began; analytics keys off it (ARCHITECTURE §8). */
export type SessionVia = 'login' | 'verify-registration' | 'verify-login' | 'reset';

export interface AuthState {
  session: Session | null;
  /** True until the start-up check ends. */
  loading: boolean;
}

/** A session as handed to `sessionStarted`; the timestamp is stamped when absent. */
export type NewSession = Omit<Session, 'timestamp'> & { timestamp?: number };

const initialState: AuthState = { session: null, loading: true };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Login, verify-email or reset-password stored a new session (SPEC §4). */
    sessionStarted: {
      reducer(state, action: PayloadAction<{ session: Session; via: SessionVia }>) {
        state.session = action.payload.session;
        state.loading = false;
      },
      prepare(payload: { session: NewSession; via: SessionVia }, timestamp: number = Date.now()) {
        const session: Session = { ...payload.session, timestamp: payload.session.timestamp ?? timestamp };
        return { payload: { session, via: payload.via } };
      },
    },
    /** The access token was renewed with the refresh token (rotation: both change). */
    sessionRefreshed: {
      reducer(state, action: PayloadAction<{ token: string; refreshToken: string; timestamp: number }>) {
        if (!state.session) return;
        state.session.token = action.payload.token;
        state.session.refreshToken = action.payload.refreshToken;
        state.session.timestamp = action.payload.timestamp;
      },
      prepare(payload: { token: string; refreshToken: string; timestamp?: number }, timestamp: number = Date.now()) {
        return { payload: { ...payload, timestamp: payload.timestamp ?? timestamp } };
      },
    },
    /** The start-up check of SPEC §4 ended: the session it kept (or renewed), or none. */
    startupCheckFinished(state, action: PayloadAction<{ session: Session | null }>) {
      state.session = action.payload.session;
      state.loading = false;
    },
    userLoggedOut(state) {
      state.session = null;
      state.loading = false;
    },
    /** A 401 could not be cured by a refresh: AUTH_EXPIRED (SPEC §4, §8). */
    sessionExpired(state) {
      state.session = null;
      state.loading = false;
    },
  },
  selectors: {
    selectSession: (state) => state.session,
    selectIsLoggedIn: (state) => state.session !== null,
    selectAuthLoading: (state) => state.loading,
    selectUser: (state) => state.session?.user ?? null,
    selectAccessToken: (state) => state.session?.token ?? null,
  },
});

export const { sessionStarted, sessionRefreshed, startupCheckFinished, userLoggedOut, sessionExpired } =
  authSlice.actions;
export const { selectSession, selectIsLoggedIn, selectAuthLoading, selectUser, selectAccessToken } =
  authSlice.selectors;
