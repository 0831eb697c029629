/**
 * The auth feature's side effects, as listeners (ARCHITECTURE §6): session persistence under
 * localStorage `auth-session`, and what AUTH_EXPIRED does on screen (ARCHITECTURE §8: Login
 * opens and shows 'Session expired. Please log in again.'; the protected route, seeing the
 * session gone, takes the person to '/').
 *
 * Registered once by the browser entry: `registerAuthListeners(startAppListening,
 * browserAuthDeps())`. A replay (or any store that must run with side effects off) simply does
 * not register them: the actions these listeners dispatch are already in a recorded log.
 * Returns a function that removes them again (tests).
 */
import { isAnyOf, type TypedStartListening } from '@reduxjs/toolkit';
import { ErrorCode } from '@shared/errors';
import { MSG } from '@shared/messages';
import { errorShown } from '../../app/errors.slice';
import type { AppDispatch, RootState } from '../../app/store';
import { dialogOpened } from '../dialogs/dialogs.slice';
import {
  selectSession,
  sessionExpired,
  sessionRefreshed,
  sessionStarted,
  startupCheckFinished,
  userLoggedOut,
} from './auth.slice';
import { writeStoredSession, type AuthDeps } from './session';

export type AppStartListening = TypedStartListening<RootState, AppDispatch>;

export function registerAuthListeners(startListening: AppStartListening, deps: AuthDeps): () => void {
  const removers = [
    startListening({
      matcher: isAnyOf(sessionStarted, sessionRefreshed, startupCheckFinished, userLoggedOut, sessionExpired),
      effect: (_action, api) => writeStoredSession(deps.storage, selectSession(api.getState())),
    }),
    startListening({
      actionCreator: sessionExpired,
      effect: (_action, api) => {
        api.dispatch(dialogOpened({ name: 'login' }));
        api.dispatch(
          errorShown({ source: 'login', code: ErrorCode.AUTH_EXPIRED, message: MSG.authExpired }, deps.now()),
        );
      },
    }),
  ];
  return () => removers.forEach((remove) => remove());
}
