/**
 * Error codes on the wire and in the client store, and the parsing rules of docs/product.md#error-catalogue.
 * Wire envelope (docs/architecture.md#http-api): `{ error: { code, description, type, details? } }`.
 */

export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  EMAIL_IN_USE: 'EMAIL_IN_USE',
  USERNAME_IN_USE: 'USERNAME_IN_USE',
  RATE_LIMIT_EXCEEDED: 'RATE_LIMIT_EXCEEDED',
  INVALID_VERIFICATION_CODE: 'INVALID_VERIFICATION_CODE',
  VERIFICATION_CODE_EXPIRED: 'VERIFICATION_CODE_EXPIRED',
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID_USERNAME_OR_PASSWORD: 'INVALID_USERNAME_OR_PASSWORD',
  ACCOUNT_NOT_VERIFIED: 'ACCOUNT_NOT_VERIFIED',
  INVALID_REFRESH_TOKEN: 'INVALID_REFRESH_TOKEN',
  REFRESH_TOKEN_REUSED: 'REFRESH_TOKEN_REUSED',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  INVALID_OTP: 'INVALID_OTP',
  OTP_EXPIRED: 'OTP_EXPIRED',
  OTP_ALREADY_USED: 'OTP_ALREADY_USED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INGEST_DISABLED: 'INGEST_DISABLED',
  INVALID_BATCH: 'INVALID_BATCH',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** Price alerts (docs/architecture.md#alerts): 30 active already; the match has kicked off. */
  ALERT_LIMIT_REACHED: 'ALERT_LIMIT_REACHED',
  MATCH_STARTED: 'MATCH_STARTED',
  /** A push endpoint the server will not contact (not https, a local or private address); another person's endpoint. */
  PUSH_ENDPOINT_REFUSED: 'PUSH_ENDPOINT_REFUSED',
  PUSH_ENDPOINT_TAKEN: 'PUSH_ENDPOINT_TAKEN',
  /** The request's headers are larger than the server reads (431); the request did not arrive in time (408). */
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  /** The one-click unsubscribe link is not one the server signed. */
  INVALID_UNSUBSCRIBE_TOKEN: 'INVALID_UNSUBSCRIBE_TOKEN',
  /** Booking codes (docs/api.md): unknown or expired code; a book we cannot load from or book at; the book refusing. */
  BOOKING_CODE_NOT_FOUND: 'BOOKING_CODE_NOT_FOUND',
  BOOKING_UNSUPPORTED: 'BOOKING_UNSUPPORTED',
  BOOKING_UNAVAILABLE: 'BOOKING_UNAVAILABLE',
  /** None of the slip's legs can be booked at that book (no live price of it, suspended, started). */
  BOOKING_NOTHING_TO_BOOK: 'BOOKING_NOTHING_TO_BOOK',
  /** "My bookmakers" or a tool's `books` parameter names a book that is not one of the country's. */
  UNKNOWN_BOOKMAKER: 'UNKNOWN_BOOKMAKER',
  // Client-side only (docs/product.md#error-catalogue).
  AUTH_EXPIRED: 'AUTH_EXPIRED',
  NETWORK_ERROR: 'NETWORK_ERROR',
  AUTH_TOKEN_NOT_FOUND: 'AUTH_TOKEN_NOT_FOUND',
  AK_CLAIM_MISSING: 'AK_CLAIM_MISSING',
  NO_DATA: 'NO_DATA',
  RENDER_ERROR: 'RENDER_ERROR',
  PASSWORD: 'password',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export type ErrorType = 'validation' | 'auth' | 'rate_limit' | 'not_found' | 'conflict' | 'server';

export interface FieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  error: {
    code: string;
    description: string;
    type: ErrorType;
    details?: FieldError[];
    /** ACCOUNT_NOT_VERIFIED: whether a fresh code was mailed, and when the next may be asked for. */
    codeSent?: boolean;
    resendAfterS?: number;
    /** The id the server logged the request under (the reference shown under the message). */
    requestId?: string;
  };
}

/** An error as the client keeps it (docs/architecture.md#spa). */
export interface AppError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR' | 'TIMEOUT_ERROR';
  code: string;
  message: string;
  /** ACCOUNT_NOT_VERIFIED (and code cooldowns): whether a code was mailed, and the wait before the next. */
  codeSent?: boolean;
  resendAfterS?: number;
  /** The server's request id from an error answer: shown as "Ref …" under the message. */
  requestId?: string;
}

/** What the client reads out of an error body; fields are optional per docs/product.md#error-catalogue. */
export interface ParsedErrorBody {
  code?: string;
  message?: string;
  type?: string;
  codeSent?: boolean;
  resendAfterS?: number;
  requestId?: string;
}

/** A request id as the server makes or keeps them (x-request-id's rule). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function stringField(source: Record<string, unknown>, key: string): string | undefined {
  const value = source[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Reads an error body as `error.description`, `error.code`, `error.type`, or flat
 * `description`, `code`, `type` (docs/product.md#error-catalogue). Also accepts a `message` field. Returns null
 * when nothing usable is there.
 */
export function parseErrorBody(body: unknown): ParsedErrorBody | null {
  let parsed = body;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return null;
    }
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const outer = parsed as Record<string, unknown>;
  const nested = outer.error && typeof outer.error === 'object' ? (outer.error as Record<string, unknown>) : undefined;
  const source = nested ?? outer;
  const result: ParsedErrorBody = {
    code: stringField(source, 'code'),
    message: stringField(source, 'description') ?? stringField(source, 'message'),
    type: stringField(source, 'type'),
  };
  if (typeof source.codeSent === 'boolean') result.codeSent = source.codeSent;
  if (typeof source.resendAfterS === 'number' && source.resendAfterS >= 0) result.resendAfterS = source.resendAfterS;
  if (typeof source.requestId === 'string' && REQUEST_ID.test(source.requestId)) result.requestId = source.requestId;
  return result.code || result.message ? result : null;
}

export function httpErrorMessage(status: number | string): string {
  return `HTTP error! status: ${status}`;
}

/** Pulls the e-mail out of `Account not verified: <email>` (docs/architecture.md#settled-details). */
export function emailFromNotVerified(description: string | undefined): string | undefined {
  const match = /^Account not verified:\s*(\S+@\S+)\s*$/.exec(description ?? '');
  return match?.[1];
}

export const ACCOUNT_NOT_VERIFIED_PREFIX = 'Account not verified: ';
