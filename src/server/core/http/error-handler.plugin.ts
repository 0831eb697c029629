/**
 * The one error handler: every failure leaves as the envelope
 * `{ error: { code, description, type, details?, requestId } }`; a 5xx never shows its cause; every 429
 * carries Retry-After. Every error answer has a log line under the same request id, the reference
 * the client shows under the message.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type ApiErrorBody, type FieldError } from '@shared/errors';
import { isDatabaseUnavailable } from '../db/connect';
import { isClientAbort } from './client-errors';
import { ApiError, isApiError, serviceUnavailable } from '../errors';
import { LEVEL_VALUES } from '../logging/request-logger';
import { API_HEADERS } from './security-headers.plugin';

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function issueField(issue: AjvIssue, context: string | undefined): string {
  const base = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const child = issue.params?.missingProperty ?? issue.params?.additionalProperty;
  return [base, child].filter((part) => typeof part === 'string' && part !== '').join('.') || context || 'body';
}

function issueMessage(issue: AjvIssue): string {
  const limit = issue.params?.limit;
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'minLength':
      return `must be at least ${String(limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(limit)} characters`;
    case 'pattern':
    case 'format':
      return 'has an invalid format';
    case 'additionalProperties':
      return 'is not allowed';
    case 'enum':
      return 'is not one of the allowed values';
    default:
      return issue.message ?? 'is invalid';
  }
}

/** Maps anything thrown to an ApiError; unknown failures become a bare INTERNAL_ERROR. */
function toApiError(error: FastifyError): ApiError {
  if (isApiError(error)) return error;
  if (isDatabaseUnavailable(error)) {
    return serviceUnavailable('The service is temporarily unavailable. Please try again in a moment.');
  }
  if (Array.isArray(error.validation)) {
    // One entry per field: the first issue is the most specific one ajv found.
    const details: FieldError[] = [];
    for (const issue of error.validation as AjvIssue[]) {
      const field = issueField(issue, error.validationContext);
      if (!details.some((d) => d.field === field)) details.push({ field, message: issueMessage(issue) });
    }
    const first = details[0] ?? { field: 'body', message: 'is invalid' };
    return new ApiError(
      400,
      ErrorCode.VALIDATION_ERROR,
      `Invalid request: ${first.field} ${first.message}`,
      'validation',
      details,
    );
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return new ApiError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'Request body is too large', 'validation');
  if (status === 415) {
    return new ApiError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'Send the request body as application/json',
      'validation',
    );
  }
  if (status === 429) {
    return new ApiError(429, ErrorCode.RATE_LIMIT_EXCEEDED, 'Too many requests', 'rate_limit', undefined, 60);
  }
  if (status === 404 || status === 405) return new ApiError(404, ErrorCode.NOT_FOUND, 'Not found', 'not_found');
  if (status === 401) return new ApiError(401, ErrorCode.UNAUTHORIZED, 'Authentication required', 'auth');
  if (status >= 400 && status < 500) {
    return new ApiError(400, ErrorCode.VALIDATION_ERROR, 'Malformed request', 'validation', [
      { field: 'body', message: 'is malformed' },
    ]);
  }
  return new ApiError(500, ErrorCode.INTERNAL_ERROR, 'Something went wrong on our side. Please try again.', 'server');
}

/**
 * The line support finds by the reference: at info, or at warn on routes that log from warn up
 * (the odds routes), so that no error answer goes without one.
 */
function logRejected(request: FastifyRequest, error: ApiError): void {
  const fields = { code: error.code, statusCode: error.statusCode };
  if ((LEVEL_VALUES[request.log.level] ?? 0) > LEVEL_VALUES.info!) request.log.warn(fields, 'request rejected');
  else request.log.info(fields, 'request rejected');
}

/**
 * Answers with the error envelope, `requestId` included, never to be cached. `logged`: the caller already wrote the
 * request's line (with the cause of a failure); otherwise a 'request rejected' line is written.
 */
export function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ApiError,
  logged = false,
): FastifyReply {
  if (!logged) logRejected(request, error);
  const body: ApiErrorBody = { error: { code: error.code, description: error.description, type: error.type } };
  if (error.details) body.error.details = error.details;
  if (error.extra) Object.assign(body.error, error.extra);
  body.error.requestId = request.id;
  if (error.statusCode === 429) reply.header('retry-after', String(error.retryAfterS ?? 60));
  // No error answer may be kept by a cache: it speaks of one request (and its reference is that request's).
  return reply
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .code(error.statusCode)
    .type('application/json')
    .send(body);
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (a path whose
 * percent-encoding is broken, a path parameter longer than the router takes) answers in the
 * envelope with a request id and a log line like every other error, and without the path echoed back.
 * No hook runs for them, so the JSON answers' security headers are set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, ErrorCode.VALIDATION_ERROR, 'The address is too long', 'validation', [
          { field: 'url', message: 'is too long' },
        ])
      : new ApiError(400, ErrorCode.VALIDATION_ERROR, 'Malformed request', 'validation', [
          { field: 'url', message: 'is malformed' },
        ]);
  void sendApiError(request, reply.headers(API_HEADERS), apiError);
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // A client that hung up mid-body (ECONNRESET, "aborted") is no database outage: logged as
      // an abort, and answered 400 in case anyone still reads.
      if (!isApiError(error) && (request.raw.aborted || request.raw.destroyed) && isClientAbort(error)) {
        request.log.info({ err: error }, 'client aborted the request');
        return sendApiError(
          request,
          reply,
          new ApiError(400, ErrorCode.VALIDATION_ERROR, 'The request was aborted', 'validation'),
        );
      }
      const apiError = toApiError(error);
      if (apiError.statusCode === 503 && !isApiError(error)) {
        request.log.warn({ err: error, code: apiError.code, statusCode: 503 }, 'database unavailable');
        return sendApiError(request, reply, apiError, true);
      }
      if (apiError.statusCode >= 500 && !isApiError(error)) {
        request.log.error({ err: error, code: apiError.code, statusCode: apiError.statusCode }, 'request failed');
        return sendApiError(request, reply, apiError, true);
      }
      return sendApiError(request, reply, apiError);
    });
  },
  { name: 'error-handler', fastify: '5.x' },
);
