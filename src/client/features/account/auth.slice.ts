/**
 * Auth state: the session and the start-up check status. Actions are events;
 * times travel in payloads (stamped by prepare callbacks) so reducers stay pure and a replayed
 * action log reproduces the state exactly. The baseQuery's events (`sessionRefreshed`,
 * `sessionExpired`, declared with the session's shape in `lib/session.ts`) are answered here too;
 * the whole client reads the session through the selectors there.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  accountDeleted,
  sessionExpired,
  sessionRefreshed,
  type AuthState,
  type NewSession,
  type Session,
} from '../../lib/session';

/** How a session began; analytics keys off it. */
export type SessionVia = 'login' | 'verify-registration' | 'verify-login' | 'reset';

const initialState: AuthState = { session: null, loading: true };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Login, verify-email or reset-password stored a new session. */
    sessionStarted: {
      reducer(state, action: PayloadAction<{ session: Session; via: SessionVia }>) {
        state.session = action.payload.session;
        state.loading = false;
        delete state.accountDeleted;
      },
      prepare(payload: { session: NewSession; via: SessionVia }, timestamp: number = Date.now()) {
        const session: Session = { ...payload.session, timestamp: payload.session.timestamp ?? timestamp };
        return { payload: { session, via: payload.via } };
      },
    },
    /** The start-up check of docs/product.md#states ended: the session it kept (or renewed), or none. */
    startupCheckFinished(state, action: PayloadAction<{ session: Session | null }>) {
      state.session = action.payload.session;
      state.loading = false;
    },
    userLoggedOut(state) {
      state.session = null;
      state.loading = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionRefreshed, (state, action) => {
        if (!state.session) return;
        state.session.token = action.payload.token;
        state.session.refreshToken = action.payload.refreshToken;
        state.session.timestamp = action.payload.timestamp;
      })
      .addCase(sessionExpired, (state) => {
        state.session = null;
        state.loading = false;
      })
      .addCase(accountDeleted, (state) => {
        state.session = null;
        state.loading = false;
        state.accountDeleted = true;
      });
  },
});

export const { sessionStarted, startupCheckFinished, userLoggedOut } = authSlice.actions;
