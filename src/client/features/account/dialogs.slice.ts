/**
 * Open dialogs as a stack; only the top one is mounted. 'Back' and the
 * switching links of docs/product.md#screens replace the top; closing pops it. The e-mail a dialog works on
 * (verification, the forgot-password confirmation step, reset) travels with it, so a replayed
 * action log shows the same dialog in the same step. An expired session opens Login
 *, answered here rather than by a listener dispatching a second action.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired } from '../../lib/session';

export type DialogName = 'login' | 'register' | 'verify' | 'welcome' | 'forgot' | 'reset';
export type VerifyContext = 'registration' | 'login';

export interface OpenDialog {
  name: DialogName;
  context?: VerifyContext;
  email?: string;
  /** Verification and reset: false when the step opened without a new code being mailed. */
  codeSent?: boolean;
  /** When 'Resend code' may be used again, ms since the epoch (the server's resendAfterS from then). */
  resendAt?: number;
}

export interface DialogsState {
  stack: OpenDialog[];
}

const initialState: DialogsState = { stack: [] };

/** Pushes a dialog; opening the one already on top replaces it instead of stacking a twin. */
function open(state: DialogsState, dialog: OpenDialog) {
  const top = state.stack[state.stack.length - 1];
  if (top?.name === dialog.name) state.stack.pop();
  state.stack.push(entry(dialog));
}

function entry({ name, context, email, codeSent, resendAt }: OpenDialog): OpenDialog {
  const dialog: OpenDialog = { name };
  if (context) dialog.context = context;
  if (email !== undefined) dialog.email = email;
  if (codeSent !== undefined) dialog.codeSent = codeSent;
  if (resendAt !== undefined) dialog.resendAt = resendAt;
  return dialog;
}

export const dialogsSlice = createSlice({
  name: 'dialogs',
  initialState,
  reducers: {
    /** Pushes a dialog; opening the one already on top replaces it instead of stacking a twin. */
    dialogOpened(state, action: PayloadAction<OpenDialog>) {
      open(state, action.payload);
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
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => open(state, { name: 'login' }));
  },
  selectors: {
    selectTopDialog: (state) => state.stack[state.stack.length - 1] ?? null,
  },
});

export const { dialogOpened, dialogReplaced, dialogClosed, dialogsCleared } = dialogsSlice.actions;
export const { selectTopDialog } = dialogsSlice.selectors;
