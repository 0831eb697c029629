/**
 * Normalizing every failure of a call into the client's `AppError` `{ status, code, message }`
 * with the parsing rules and client-side messages of docs/product.md#error-catalogue; `asAppError`
 * is the one place that reads a code (and the server's reference) out of any failure.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ErrorCode, httpErrorMessage, parseErrorBody, type AppError } from '@shared/errors';
import { MSG } from '@shared/messages';

/** Code of an error response whose body says nothing usable (its message is 'HTTP error! status: N'). */
const HTTP_ERROR_CODE = 'HTTP_ERROR';

export const AUTH_EXPIRED_ERROR: AppError = { status: 401, code: ErrorCode.AUTH_EXPIRED, message: MSG.authExpired };

export function networkError(reachable: boolean): AppError {
  return reachable
    ? { status: 'CUSTOM_ERROR', code: ErrorCode.NETWORK_ERROR, message: MSG.networkError }
    : { status: 'FETCH_ERROR', code: ErrorCode.NETWORK_ERROR, message: MSG.noInternet };
}

function fromBody(status: number, body: unknown): AppError {
  const parsed = parseErrorBody(body);
  const error: AppError = {
    status,
    code: parsed?.code ?? HTTP_ERROR_CODE,
    message: parsed?.message ?? httpErrorMessage(status),
  };
  if (parsed?.codeSent !== undefined) error.codeSent = parsed.codeSent;
  if (parsed?.resendAfterS !== undefined) error.resendAfterS = parsed.resendAfterS;
  if (parsed?.requestId !== undefined) error.requestId = parsed.requestId;
  return error;
}

/**
 * The body is read as `error.description/code/type` or flat; an unreadable error body
 * gives 'HTTP error! status: {status}'; a failed fetch gives the no-internet message; anything
 * else unexpected (timeouts, an unreadable success body) gives 'Network error. Please try again.'
 */
export function toAppError(error: FetchBaseQueryError): AppError {
  if (typeof error.status === 'number') return fromBody(error.status, error.data);
  switch (error.status) {
    case 'FETCH_ERROR':
      return networkError(false);
    case 'PARSING_ERROR':
      return error.originalStatus >= 400 ? fromBody(error.originalStatus, error.data) : networkError(true);
    default:
      return networkError(true);
  }
}

/** True for values already shaped as an AppError (e.g. results of `unwrap()`). */
function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AppError).code === 'string' &&
    typeof (value as AppError).message === 'string'
  );
}

function isFetchBaseQueryError(value: unknown): value is FetchBaseQueryError {
  return typeof value === 'object' && value !== null && 'status' in value;
}

/**
 * Any failure as an AppError: a query's or mutation's error (already normalized by the
 * baseQuery), a raw fetchBaseQuery error, or anything thrown (a network error).
 */
export function asAppError(value: unknown): AppError {
  if (isAppError(value)) return value;
  return isFetchBaseQueryError(value) ? toAppError(value) : networkError(true);
}
