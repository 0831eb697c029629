/**
 * Errors are values with codes: handlers throw an ApiError and the one error
 * handler turns it into the wire envelope `{ error: { code, description, type, details? } }`.
 */
import { ErrorCode, type ErrorCodeValue, type ErrorType, type FieldError } from '@shared/errors';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCodeValue,
    readonly description: string,
    readonly type: ErrorType,
    readonly details?: FieldError[],
    /** Seconds; sent as Retry-After (every 429 carries one). */
    readonly retryAfterS?: number,
    /** Extra fields of the error object on the wire (e.g. ACCOUNT_NOT_VERIFIED's codeSent). */
    readonly extra?: { codeSent?: boolean; resendAfterS?: number },
  ) {
    super(description);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const validationError = (field: string, message: string): ApiError =>
  new ApiError(400, ErrorCode.VALIDATION_ERROR, `Invalid request: ${field} ${message}`, 'validation', [
    { field, message },
  ]);

export const badRequest = (code: ErrorCodeValue, description: string): ApiError =>
  new ApiError(400, code, description, 'validation');

/** A bookmaker id that is not one of the country's ("My bookmakers", a tool's `books`). */
export const unknownBookmaker = (field: string, id: number): ApiError => {
  const description = `Unknown bookmaker: ${id}`;
  return new ApiError(400, ErrorCode.UNKNOWN_BOOKMAKER, description, 'validation', [{ field, message: description }]);
};

export const unauthorized = (code: ErrorCodeValue = ErrorCode.UNAUTHORIZED, description = 'Authentication required') =>
  new ApiError(401, code, description, 'auth');

export const forbidden = (code: ErrorCodeValue, description: string): ApiError =>
  new ApiError(403, code, description, 'auth');

export const notFound = (code: ErrorCodeValue = ErrorCode.NOT_FOUND, description = 'Not found'): ApiError =>
  new ApiError(404, code, description, 'not_found');

export const conflict = (code: ErrorCodeValue, description: string): ApiError =>
  new ApiError(409, code, description, 'conflict');

export const tooManyRequests = (
  retryAfterS: number,
  description = 'Too many requests. Please wait before trying again.',
): ApiError =>
  new ApiError(
    429,
    ErrorCode.RATE_LIMIT_EXCEEDED,
    description,
    'rate_limit',
    undefined,
    Math.max(1, Math.ceil(retryAfterS)),
  );

export const serviceUnavailable = (description = 'Service temporarily unavailable'): ApiError =>
  new ApiError(503, ErrorCode.SERVICE_UNAVAILABLE, description, 'server');
