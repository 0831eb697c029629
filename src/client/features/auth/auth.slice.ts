/** Auth state (SPEC §3, §4): the session and the start-up check status. */
import { createSlice } from '@reduxjs/toolkit';

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

export interface AuthState {
  session: Session | null;
  /** True until the start-up check ends. */
  loading: boolean;
}

const initialState: AuthState = { session: null, loading: true };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
  selectors: {
    selectSession: (state) => state.session,
    selectIsLoggedIn: (state) => state.session !== null,
    selectAuthLoading: (state) => state.loading,
  },
});

export const { selectSession, selectIsLoggedIn, selectAuthLoading } = authSlice.selectors;
