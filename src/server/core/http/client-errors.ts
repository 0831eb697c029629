/**
 * Failures that happen before a request reaches Fastify's routing: Node's
 * parser refuses the bytes (headers too large, a malformed request line) or the request timed
 * out, a request expects what the server cannot meet (an `Expect` other than `100-continue`), or a
 * client asks for a tunnel (`CONNECT`). They are answered in the same JSON envelope as every other
 * error, with a reference of their own (`x-request-id`, `error.requestId`) that the log's
 * "request refused before routing" line holds, the JSON answers' security headers and no caching,
 * and the connection is closed. A client that went away is answered nothing.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ErrorCode, type ApiErrorBody } from '@shared/errors';
import { newRequestId } from './request-id';
import { API_HEADERS } from './security-headers.plugin';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  408: 'Request Timeout',
  417: 'Expectation Failed',
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

/** The headers of every answer written here, besides its length and reference. */
const FIXED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  ...API_HEADERS,
  connection: 'close',
});
const FIXED_HEAD = Object.entries(FIXED_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/** The answer's reference put in the body, its log line written, its JSON. */
function referenced(log: FastifyBaseLogger, status: number, body: ApiErrorBody, cause?: string) {
  const requestId = newRequestId();
  body.error.requestId = requestId;
  log.info({ reqId: requestId, code: body.error.code, statusCode: status, cause }, 'request refused before routing');
  return { requestId, json: JSON.stringify(body) };
}

/** Writes the envelope on a socket no response object owns, and closes it once written. */
function refuse(log: FastifyBaseLogger, socket: Duplex, status: number, body: ApiErrorBody, cause?: string): void {
  const { requestId, json } = referenced(log, status, body, cause);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${FIXED_HEAD}` +
      `content-length: ${Buffer.byteLength(json)}\r\nx-request-id: ${requestId}\r\n\r\n${json}`,
  );
}

/** Fastify's `clientErrorHandler` (bound to the instance): the envelope when the socket can still take it. */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (isClientAbort(error) || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, body } = answerFor(error.code);
  refuse(this.log, socket, status, body, error.code);
}

/**
 * Node's own answers to an unmet `Expect` (a bare 417) and to `CONNECT` (the socket closed without a
 * word), replaced by the envelope. Neither request reaches Fastify.
 */
export function answerBeforeRouting(server: Server, log: FastifyBaseLogger): void {
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const { requestId, json } = referenced(log, 417, {
      error: {
        code: ErrorCode.VALIDATION_ERROR,
        description: 'Only the expectation 100-continue is supported',
        type: 'validation',
        details: [{ field: 'expect', message: 'must be 100-continue' }],
      },
    });
    response
      .writeHead(417, { ...FIXED_HEADERS, 'content-length': Buffer.byteLength(json), 'x-request-id': requestId })
      .end(json);
  });
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    refuse(log, socket, 404, { error: { code: ErrorCode.NOT_FOUND, description: 'Not found', type: 'not_found' } });
  });
}
