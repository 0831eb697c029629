/**
 * The start-up check of docs/product.md#states, dispatched once by the app root (never under prerendering).
 * It ends with exactly one `startupCheckFinished`, which clears the loading flag:
 * - nothing stored → logged out;
 * - the token expired, carries no expiry, or expires within 5 minutes → POST /users/refresh;
 *   renewed → logged in with the new pair; refused by the server → logged out;
 * - the check throws (unreadable entry, refresh unreachable, …) → a still-valid stored token
 *   keeps the person logged in, otherwise logged out;
 * - otherwise the stored session (and its user) is loaded as it is.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { thunkQueryApi } from '../../lib/thunk-query-api';
import { TOKEN_REFRESH_WINDOW_MS } from '@shared/constants';
import type { AppError } from '@shared/errors';
import { tokenExpiresAt } from '@shared/jwt';
import { startupCheckFinished } from './auth.slice';
import { type AuthState, type Session } from '../../lib/session';
import { isTokenUnexpired, readStoredSession } from '../../lib/session-storage';
import { browserAuthDeps, type AuthDeps } from './session';

type AuthThunk<R> = ThunkAction<R, { auth: AuthState }, unknown, UnknownAction>;

/**
 * At start-up only, a refresh the server answered with a 4xx ends the session; one that could not
 * reach it (no network, a 5xx) counts as the check throwing, which keeps a still-valid token.
 */
const refreshRefused = (error: AppError) => typeof error.status === 'number' && error.status < 500;

export function checkStoredSession(deps: AuthDeps = browserAuthDeps()): AuthThunk<Promise<Session | null>> {
  return async (dispatch, getState) => {
    const finish = (session: Session | null) => {
      dispatch(startupCheckFinished({ session }));
      return session;
    };
    let stored: Session | null = null;
    try {
      stored = readStoredSession(deps.storage);
      if (!stored) return finish(null);
      const expiresAt = tokenExpiresAt(stored.token);
      if (expiresAt !== null && expiresAt - deps.now() > TOKEN_REFRESH_WINDOW_MS) return finish(stored);
      // The request code comes with the api's chunk, which a visit that never refreshes does not need.
      const { requestTokenRefresh } = await import(/* webpackChunkName: "api" */ '../../lib/base-query');
      const api = thunkQueryApi(dispatch, getState, 'refresh', 'mutation');
      const result = await requestTokenRefresh(api, stored.refreshToken);
      if (!result.error) return finish({ ...stored, ...result.data, timestamp: deps.now() });
      if (refreshRefused(result.error)) return finish(null);
      throw new Error(result.error.message);
    } catch {
      return finish(stored && isTokenUnexpired(stored.token, deps.now()) ? stored : null);
    }
  };
}
