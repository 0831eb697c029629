import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
  type QueryReturnValue,
} from '@reduxjs/toolkit/query';
import { ErrorCode, type AppError } from '@shared/errors';
import type { ApiSuccess } from '@shared/contract/envelope';
import type { TokenPairDto } from '@shared/contract/users';
import { decodeJwtClaims } from '@shared/jwt';
import { MSG } from '@shared/messages';
import { oddsSignature } from '@shared/signature';
import { AUTH_EXPIRED_ERROR, networkError, toAppError } from './errors';
import { selectSession, sessionExpired, sessionRefreshed, type AuthState } from './session';

/** Request arguments; `signOdds` asks for the `k` signature over `params`. */
export type AppFetchArgs = FetchArgs & { signOdds?: boolean };

/** Absolute so that the same code runs in browsers and in Node's fetch (tests, tools). */
const API_BASE_URL = typeof location === 'undefined' ? '/api' : new URL('/api', location.origin).href;

/**
 * Calls that never refresh-and-retry: the account flows, refresh itself and
 * logout (sent with the ending login's own credentials, after the session left the store).
 */
const NEVER_RETRIED = new Set([
  '/users/login',
  '/users/register',
  '/users/verify-email',
  '/users/resend-otp',
  '/users/forgot-password',
  '/users/reset-password',
  '/users/refresh',
  '/users/logout',
]);

const rawBaseQuery = fetchBaseQuery({ baseUrl: API_BASE_URL });

type StateWithAuth = { auth: AuthState };
const currentSession = (api: BaseQueryApi) => selectSession(api.getState() as StateWithAuth);

const localError = (code: string, message: string): AppError => ({ status: 'CUSTOM_ERROR', code, message });

/** Adds the bearer (only with a token) and, when asked, signs with the token's `ak` claim. */
function withCredentials(args: string | AppFetchArgs, token: string | null): FetchArgs | AppError {
  const { signOdds, ...request }: AppFetchArgs = typeof args === 'string' ? { url: args } : args;
  if (signOdds) {
    if (!token) return localError(ErrorCode.AUTH_TOKEN_NOT_FOUND, MSG.tokenNotFound);
    const ak = decodeJwtClaims(token)?.ak;
    if (typeof ak !== 'string' || !ak) return localError(ErrorCode.AK_CLAIM_MISSING, MSG.akClaimMissing);
    const { country, competition, market } = (request.params ?? {}) as Record<string, string | number>;
    request.params = { ...request.params, k: oddsSignature(ak, country ?? '', competition ?? '', market ?? '') };
  }
  if (token) {
    const headers = new Headers(request.headers as HeadersInit | undefined);
    headers.set('authorization', `Bearer ${token}`);
    request.headers = headers;
  }
  return request;
}

type Attempt = { result: QueryReturnValue<unknown, AppError, FetchBaseQueryMeta>; status?: number };

async function send(
  args: string | AppFetchArgs,
  api: BaseQueryApi,
  extra: object,
  token: string | null,
): Promise<Attempt> {
  const request = withCredentials(args, token);
  if (!('url' in request)) return { result: { error: request } };
  const { data, error, meta } = await rawBaseQuery(request, api, extra);
  if (error) return { result: { error: toAppError(error), meta }, status: Number(error.status) };
  return { result: { data, meta } };
}

/** POST /users/refresh, never retried; shared by the 401 path and the start-up check. */
export async function requestTokenRefresh(
  api: BaseQueryApi,
  refreshToken: string,
): Promise<{ data: TokenPairDto; error?: undefined } | { error: AppError; data?: undefined }> {
  const { result } = await send({ url: '/users/refresh', method: 'POST', body: { refreshToken } }, api, {}, null);
  if (result.error) return { error: result.error };
  const pair = (result.data as Partial<ApiSuccess<Partial<TokenPairDto>>> | null)?.data;
  if (!pair?.token || !pair.refreshToken) return { error: localError(ErrorCode.NO_DATA, MSG.profileNoData) };
  return { data: { token: pair.token, refreshToken: pair.refreshToken } };
}

type RefreshOutcome = { ok: true } | { ok: false; error: AppError };
let refreshInFlight: Promise<RefreshOutcome> | null = null;

/** The mutex: concurrent 401s share one refresh; only it dispatches the outcome. */
function refreshOnce(api: BaseQueryApi, refreshToken: string): Promise<RefreshOutcome> {
  refreshInFlight ??= (async (): Promise<RefreshOutcome> => {
    const result = await requestTokenRefresh(api, refreshToken);
    if (!result.error) {
      api.dispatch(sessionRefreshed(result.data));
      return { ok: true };
    }
    // Whatever made the refresh fail (refused, unreachable, a 5xx), the session ends.
    api.dispatch(sessionExpired());
    return { ok: false, error: AUTH_EXPIRED_ERROR };
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

const pathOf = (args: string | AppFetchArgs) => (typeof args === 'string' ? args : args.url).split('?')[0] ?? '';

/**
 * The api slice's baseQuery (docs/product.md#states, #roles, #calls, #error-catalogue), after RTK Query's
 * "re-authorization with a mutex" recipe:
 * - base `/api`; the bearer header only when a session holds a token;
 * - `signOdds: true` adds `k = oddsSignature(ak, country, competition, market)` from the token
 *   used for this very attempt, so a retry after a refresh is re-signed with the new `ak`;
 *   without a token → AUTH_TOKEN_NOT_FOUND, without `ak` → AK_CLAIM_MISSING;
 * - a 401 on a call made with a token, other than the account flows and refresh itself
 *  , runs ONE refresh shared by concurrent callers, then ONE retry. If the
 *   session was already renewed while the request was out, it just retries. A refresh that
 *   fails for any reason dispatches `sessionExpired()` and yields AUTH_EXPIRED;
 * - every error is normalized to `AppError` `{ status, code, message }`.
 */
export const baseQueryWithReauth: BaseQueryFn<
  string | AppFetchArgs,
  unknown,
  AppError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extra) => {
  try {
    const sentWith = currentSession(api)?.token ?? null;
    const first = await send(args, api, extra, sentWith);
    if (first.status !== 401 || !sentWith || NEVER_RETRIED.has(pathOf(args))) return first.result;
    const session = currentSession(api);
    if (!session) return { error: AUTH_EXPIRED_ERROR };
    if (session.token === sentWith) {
      const outcome = await refreshOnce(api, session.refreshToken);
      if (!outcome.ok) return { error: outcome.error };
    }
    return (await send(args, api, extra, currentSession(api)?.token ?? null)).result;
  } catch {
    return { error: networkError(true) };
  }
};
