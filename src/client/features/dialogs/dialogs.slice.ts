/** Open dialogs as a stack; only the top one is mounted (ARCHITECTURE §6, §8). */
import { createSlice } from '@reduxjs/toolkit';

export type DialogName = 'login' | 'register' | 'verify' | 'welcome' | 'forgot' | 'reset';
export type VerifyContext = 'registration' | 'login';

export interface OpenDialog {
  name: DialogName;
  context?: VerifyContext;
  email?: string;
}

export interface DialogsState {
  stack: OpenDialog[];
}

const initialState: DialogsState = { stack: [] };

export const dialogsSlice = createSlice({
  name: 'dialogs',
  initialState,
  reducers: {},
  selectors: {
    selectTopDialog: (state) => state.stack[state.stack.length - 1] ?? null,
  },
});

export const { selectTopDialog } = dialogsSlice.selectors;
