/**
 * What every request must be before any route sees it, checked in the app's first `onRequest`
 * hook (app.ts): HTTP/1.1 names its `Host` (Node's own check, whose 400 has no envelope, is off),
 * and a body comes without a content coding (nothing here decodes one: a gzip body would be read
 * as broken JSON, and a plain one labelled gzip as if the label were not there).
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/errors';
import { ApiError, validationError } from '../errors';

/** The refusal of a request that breaks one of those rules, or null. */
export function requestRefusal(request: FastifyRequest): ApiError | null {
  const { headers } = request;
  if (headers.host === undefined && request.raw.httpVersion === '1.1') return validationError('host', 'is required');
  const coding = headers['content-encoding'];
  const hasBody =
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0');
  if (coding !== undefined && hasBody && coding.trim().toLowerCase() !== 'identity') {
    return new ApiError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'Send the request body without a content coding',
      'validation',
      [{ field: 'content-encoding', message: 'must be identity' }],
    );
  }
  return null;
}
