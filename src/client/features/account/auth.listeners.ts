/**
 * The account feature's side effect, as a listener: session persistence under
 * localStorage `auth-session`. What AUTH_EXPIRED does on screen (Login opens and
 * shows 'Session expired. Please log in again.'; the protected route, seeing the session gone,
 * takes the person to '/') is the reducers' answer to `sessionExpired`, not a listener's.
 *
 * Registered once by the browser entry: `registerAuthListeners(startAppListening,
 * browserAuthDeps())`. A replay (or any store that must run with side effects off) simply does
 * not register it. Returns a function that removes it again (tests).
 */
import { isAnyOf, type TypedStartListening } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import { accountDeleted, selectSession, sessionExpired, sessionRefreshed } from '../../lib/session';
import { writeStoredSession } from '../../lib/session-storage';
import { sessionStarted, startupCheckFinished, userLoggedOut } from './auth.slice';
import type { AuthDeps } from './session';

export type AppStartListening = TypedStartListening<RootState, AppDispatch>;

export function registerAuthListeners(startListening: AppStartListening, deps: AuthDeps): () => void {
  return startListening({
    matcher: isAnyOf(
      sessionStarted,
      sessionRefreshed,
      startupCheckFinished,
      userLoggedOut,
      sessionExpired,
      accountDeleted,
    ),
    effect: (_action, api) => writeStoredSession(deps.storage, selectSession(api.getState())),
  });
}
