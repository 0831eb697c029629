/**
 * Every error a user sees, recorded with its code so support can read it in the Redux
 * DevTools and QA in an exported action log. Keyed by where it shows
 * (e.g. 'login', 'register', 'summary', 'odds', 'feedback', 'render'). Times travel in the
 * action payload so reducers stay pure and replays are exact. Components record what they show
 * through `useShownError` (`shown-error.ts`); an expired session is answered here directly: Login
 * shows 'Session expired. Please log in again.'.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ErrorCode } from '@shared/errors';
import { MSG } from '@shared/messages';
import { sessionExpired } from './session';

export interface ShownError {
  code: string;
  message: string;
  /** The server's request id when the error is its answer: shown as "Ref …". */
  ref?: string;
  /** ms since the epoch, stamped by the action creator. */
  at: number;
}

export interface ErrorsState {
  bySource: Record<string, ShownError>;
}

const initialState: ErrorsState = { bySource: {} };

export const errorsSlice = createSlice({
  name: 'errors',
  initialState,
  reducers: {
    errorShown: {
      reducer(
        state,
        action: PayloadAction<{ source: string; code: string; message: string; ref?: string; at: number }>,
      ) {
        const { source, ...error } = action.payload;
        state.bySource[source] = error;
      },
      prepare(payload: { source: string; code: string; message: string; ref?: string }, at: number = Date.now()) {
        const { ref, ...rest } = payload;
        return { payload: ref === undefined ? { ...rest, at } : { ...rest, ref, at } };
      },
    },
    errorDismissed(state, action: PayloadAction<{ source: string }>) {
      delete state.bySource[action.payload.source];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state, action) => {
      state.bySource.login = { code: ErrorCode.AUTH_EXPIRED, message: MSG.authExpired, at: action.payload.at };
    });
  },
  selectors: {
    selectErrorFor: (state, source: string) => state.bySource[source],
  },
});

export const { errorShown, errorDismissed } = errorsSlice.actions;
export const { selectErrorFor } = errorsSlice.selectors;
