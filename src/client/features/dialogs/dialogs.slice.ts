/**
 * Open dialogs as a stack; only the top one is mounted (ARCHITECTURE §6, §8). 'Back' and the
 * switching links of SPEC §2 replace the top; closing pops it. The e-mail a dialog works on
 * (verification, the forgot-password confirmation step, reset) travels with it, so a replayed
 * action log shows the same dialog in the same step.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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

function entry({ name, context, email }: OpenDialog): OpenDialog {
  const dialog: OpenDialog = { name };
  if (context) dialog.context = context;
  if (email !== undefined) dialog.email = email;
  return dialog;
}

export const dialogsSlice = createSlice({
  name: 'dialogs',
  initialState,
  reducers: {
    /** Pushes a dialog; opening the one already on top replaces it instead of stacking a twin. */
    dialogOpened(state, action: PayloadAction<OpenDialog>) {
      const top = state.stack[state.stack.length - 1];
      if (top?.name === action.payload.name) state.stack.pop();
      state.stack.push(entry(action.payload));
    },
    /** Replaces the top dialog ('Back', switching paths, the next step of a flow). */
    dialogReplaced(state, action: PayloadAction<OpenDialog>) {
      state.stack.pop();
      state.stack.push(entry(action.payload));
    },
    dialogClosed(state) {
      state.stack.pop();
    },
    dialogsCleared(state) {
      state.stack = [];
    },
  },
  selectors: {
    selectTopDialog: (state) => state.stack[state.stack.length - 1] ?? null,
    selectDialogStack: (state) => state.stack,
  },
});

export const { dialogOpened, dialogReplaced, dialogClosed, dialogsCleared } = dialogsSlice.actions;
export const { selectTopDialog, selectDialogStack } = dialogsSlice.selectors;
