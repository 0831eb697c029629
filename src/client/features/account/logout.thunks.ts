/**
 * Logout. The session leaves the store (and storage) at once, so
 * the person is logged out here whatever the network does; then POST /users/logout, with that
 * login's bearer and refresh token, ends it on the server too: its refresh family is revoked and
 * its access tokens are void in every process. An access token that has expired (or is about to)
 * is renewed first with the refresh token, so an idle login still ends on the server. Offline, or
 * when the call fails, nothing more happens: the server-side session then runs out on its own.
 * The request code arrives with the api's chunk; the drawer that dispatches this is on every page.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { thunkQueryApi } from '../../lib/thunk-query-api';
import { tokenExpiresAt } from '@shared/jwt';
import { selectSession, type AuthState } from '../../lib/session';
import { userLoggedOut } from './auth.slice';

type LogoutThunk = ThunkAction<Promise<void>, { auth: AuthState }, unknown, UnknownAction>;

/** An access token with less than this left is renewed before it is used to log out. */
const RENEW_BEFORE_MS = 30_000;

export function logOut(now: () => number = Date.now): LogoutThunk {
  return async (dispatch, getState) => {
    const session = selectSession(getState());
    dispatch(userLoggedOut());
    if (!session) return;
    try {
      const [{ usersApi }, { requestTokenRefresh }] = await Promise.all([
        import(/* webpackChunkName: "users-api" */ './users.api'),
        import(/* webpackChunkName: "api" */ '../../lib/base-query'),
      ]);
      let { token, refreshToken } = session;
      const expiresAt = tokenExpiresAt(token);
      if (expiresAt !== null && expiresAt - now() < RENEW_BEFORE_MS) {
        const api = thunkQueryApi(dispatch, getState, 'refresh', 'mutation');
        const renewed = await requestTokenRefresh(api, refreshToken);
        // Refused: the login has already ended on the server (or cannot be reached now).
        if (renewed.error) return;
        ({ token, refreshToken } = renewed.data);
      }
      await dispatch(usersApi.endpoints.logout.initiate({ token, refreshToken }, { track: false }));
    } catch {
      // The chunk or the network is unreachable: the session is cleared here all the same.
    }
  };
}
