/**
 * Failures that happen before a request reaches Fastify's routing: Node's
 * parser refuses the bytes (headers too large, a malformed request line) or the request timed
 * out. They are answered in the same JSON envelope as every other error, and the connection
 * is closed. A client that went away is answered nothing.
 */
import type { Socket } from 'node:net';
import { ErrorCode, type ApiErrorBody } from '@shared/errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

function answerFor(code: string | undefined): { status: number; body: ApiErrorBody } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      body: {
        error: { code: ErrorCode.HEADERS_TOO_LARGE, description: 'Request headers are too large', type: 'validation' },
      },
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      body: {
        error: {
          code: ErrorCode.REQUEST_TIMEOUT,
          description: 'The request took too long to arrive',
          type: 'validation',
        },
      },
    };
  }
  return {
    status: 400,
    body: {
      error: {
        code: ErrorCode.VALIDATION_ERROR,
        description: 'Malformed request',
        type: 'validation',
        details: [{ field: 'request', message: 'is malformed' }],
      },
    },
  };
}

/** Whether the error says the client closed the connection (nothing to answer, nothing broken). */
export function isClientAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** Fastify's `clientErrorHandler`: the envelope when the socket can still take it. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (isClientAbort(error) || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, body } = answerFor(error.code);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(json)}\r\n` +
      'x-content-type-options: nosniff\r\n' +
      'connection: close\r\n\r\n' +
      json,
  );
}
