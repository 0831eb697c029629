/**
 * Every error a user sees, recorded with its code so support can read it in the Redux
 * DevTools and QA in an exported action log (ARCHITECTURE §6, §8). Keyed by where it shows
 * (e.g. 'login', 'register', 'summary', 'odds', 'feedback', 'render'). Times travel in the
 * action payload so reducers stay pure and replays are exact.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface ShownError {
  code: string;
  message: string;
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
      reducer(state, action: PayloadAction<{ source: string; code: string; message: string; at: number }>) {
        const { source, ...error } = action.payload;
        state.bySource[source] = error;
      },
      prepare(payload: { source: string; code: string; message: string }, at: number = Date.now()) {
        return { payload: { ...payload, at } };
      },
    },
    errorDismissed(state, action: PayloadAction<{ source: string }>) {
      delete state.bySource[action.payload.source];
    },
  },
  selectors: {
    selectErrors: (state) => state.bySource,
    selectErrorFor: (state, source: string) => state.bySource[source],
  },
});

export const { errorShown, errorDismissed } = errorsSlice.actions;
export const { selectErrors, selectErrorFor } = errorsSlice.selectors;
