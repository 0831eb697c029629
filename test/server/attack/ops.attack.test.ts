/**
 * Attack suite, the server's operations edges (docs/architecture.md#http-api, #settled-details; issue D10 and design
 * points): on SQLite and PostgreSQL. A client that hangs up mid-body is logged as an abort, not
 * as a database outage, with its `err.code` readable; headers too large, malformed requests and the
 * router's refusals (a broken percent-encoding, a path parameter too long), an unmet `Expect`,
 * `CONNECT` and an HTTP/1.1 request without Host answer in the JSON envelope with a reference the
 * log holds; no error answer may be cached; pages and JSON answers agree that nothing may frame them; the
 * feedback CLI prints bidirectional controls escaped.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { loggerOptions } from '../../../src/server/app';
import { insertFeedback } from '../../../src/server/modules/feedback/feedback.repository';
import { createTestDatabase, databasesUnderTest } from '../support/databases';
import { buildTestApp, TEST_JWT_SECRET, testConfig, type TestApp } from '../support/test-app';
import { attackLog } from './attack-support';

const log = attackLog('ops');

interface Line {
  reqId?: string;
  msg?: string;
  level?: number;
  err?: { code?: string };
}

/** Sends raw bytes and answers everything the server wrote before closing. */
function raw(port: number, bytes: string | Buffer, closeAfterMs?: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      if (closeAfterMs !== undefined) setTimeout(() => socket.destroy(), closeAfterMs);
    });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, 5_000).unref();
  });
}

describe.each(databasesUnderTest())('operations edges on $name', (database) => {
  let t: TestApp;
  let port: number;
  const lines: Line[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        database,
        smtp: false,
        logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Line) } },
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('D10: a client that disconnects mid-body is logged as an abort, never as a database outage', async () => {
    const body = '{"username":"someone","password":"';
    await raw(
      port,
      `POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n${body}`,
      150,
    );
    log.count();
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline && !lines.some((l) => l.msg === 'client aborted the request')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lines.some((l) => l.msg === 'database unavailable')).toBe(false);
    const abort = lines.find((l) => l.msg === 'client aborted the request');
    expect(abort).toBeDefined();
    // The error's own code stays readable in the log.
    expect(abort!.err?.code).toBe('ECONNRESET');
    // The database was never in question: the server still answers.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  /**
   * An answer written before routing, as raw bytes: its status, its headers (lower-case names) and
   * its body. Each must be the envelope with a reference of our own that the log holds, the JSON
   * answers' security headers, no caching, and a closed connection.
   */
  async function refusedBeforeRouting(bytes: string, status: number) {
    const answer = await raw(port, bytes);
    log.count();
    expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    const head = answer.slice(0, answer.indexOf('\r\n\r\n')).split('\r\n').slice(1);
    const headers = Object.fromEntries(
      head.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
      error: { code: string; requestId: string; details?: unknown };
    };
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['x-request-id']).toMatch(/^[0-9A-Z]{10}$/);
    expect(body.error.requestId).toBe(headers['x-request-id']);
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers.connection).toBe('close');
    // Support finds the refusal in the log by the reference the answer gave.
    expect(lines).toContainEqual(
      expect.objectContaining({ reqId: body.error.requestId, msg: 'request refused before routing' }),
    );
    return body.error;
  }

  it('431 and malformed requests answer in the JSON envelope, with a reference the log holds', async () => {
    const big = await refusedBeforeRouting(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    );
    expect(big).toEqual({
      code: 'HEADERS_TOO_LARGE',
      description: 'Request headers are too large',
      type: 'validation',
      requestId: big.requestId,
    });
    const broken = await refusedBeforeRouting('GET /api/health HTTP/1.1\r\nHost x\r\n\0\r\n\r\n', 400);
    expect(broken.code).toBe('VALIDATION_ERROR');
  });

  it('an expectation other than 100-continue answers 417 in the envelope; 100-continue still works', async () => {
    const refused = await refusedBeforeRouting(
      'POST /api/users/login HTTP/1.1\r\nHost: x\r\nExpect: bogus\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      417,
    );
    expect(refused).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'expect', message: 'must be 100-continue' }],
    });
    const continued = await raw(
      port,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
    );
    expect(continued).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
  });

  it('an HTTP/1.1 request without Host answers 400 in the envelope; HTTP/1.0 needs none', async () => {
    const answer = await raw(port, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    log.count();
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    const requestId = /\r\nx-request-id: ([0-9A-Z]{10})\r\n/i.exec(answer)?.[1];
    expect(requestId).toBeDefined();
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        description: 'Invalid request: host is required',
        type: 'validation',
        details: [{ field: 'host', message: 'is required' }],
        requestId,
      },
    });
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(lines).toContainEqual(expect.objectContaining({ reqId: requestId, msg: 'request rejected' }));
    const old = await raw(port, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(old.startsWith('HTTP/1.1 200 ')).toBe(true);
  });

  it.each([
    ['an unknown method on a users path', 'GET', '/api/users/register', 404],
    ['a broken percent-encoding on a users path', 'DELETE', '/api/users/me/alerts/%E0%A4%A', 400],
    ['an unknown path', 'GET', '/api/nothing-here', 404],
  ] as const)('no error answer may be cached: %s', async (_, method, url, status) => {
    const res = await t.app.inject({ method, url });
    log.count();
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('CONNECT answers 404 in the envelope instead of a silently closed connection', async () => {
    const refused = await refusedBeforeRouting(`CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: x\r\n\r\n`, 404);
    expect(refused.code).toBe('NOT_FOUND');
  });

  it.each([
    ['a broken percent-encoding', '/api/odds/event/%E0%A4%A', 400, 'Malformed request', 'is malformed'],
    [
      'a path parameter past the router limit',
      `/api/booking/1/${'B'.repeat(150)}`,
      414,
      'The address is too long',
      'is too long',
    ],
  ])(
    "the router's refusal of %s answers in the envelope, with its reference and headers",
    async (_, url, status, description, message) => {
      const res = await t.app.inject({ url });
      log.count();
      expect(res.statusCode).toBe(status);
      const requestId = res.headers['x-request-id'];
      // A reference of our own (absent, it would match a body and log line without one).
      expect(requestId).toMatch(/^[0-9A-Z]{10}$/);
      expect(res.json()).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          description,
          type: 'validation',
          details: [{ field: 'url', message }],
          requestId,
        },
      });
      // The path is not echoed back, and the JSON answers' security headers are there.
      expect(res.body).not.toContain(url.split('/').at(-1));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      // Support finds the answer's line in the log by its reference.
      expect(lines).toContainEqual(expect.objectContaining({ reqId: requestId, msg: 'request rejected' }));
    },
  );
});

describe('log redaction', () => {
  it('keeps err.code readable while codes in bodies stay hidden', async () => {
    const out: string[] = [];
    const app = Fastify({
      logger: {
        ...loggerOptions(testConfig({ logLevel: 'info' })),
        stream: { write: (line: string) => out.push(line) },
      },
    });
    const logger = app.log;
    const error = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    logger.error({ err: error, body: { code: '123456', otp: '654321' } }, 'request failed');
    const line = JSON.parse(out[0]!);
    expect(line.err.code).toBe('ECONNRESET');
    expect(line.body.code).toBe('[redacted]');
    expect(line.body.otp).toBe('[redacted]');
    log.count();
    await app.close();
  });
});

describe('framing', () => {
  it('pages and JSON answers agree: nothing may frame them (frame-ancestors none, X-Frame-Options DENY or absent)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'oddsmate-web-'));
    writeFileSync(path.join(root, 'index.html'), '<html>landing</html>');
    writeFileSync(path.join(root, '200.html'), '<html>shell</html>');
    const t = await buildTestApp({ serveWeb: true, webRoot: root }, { smtp: false });
    try {
      for (const url of ['/', '/dashboard', '/api/health', '/api/nothing-here']) {
        const answer = log.sent(await t.app.inject({ url }));
        expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        const xfo = answer.headers['x-frame-options'];
        expect(xfo === undefined || xfo === 'DENY').toBe(true);
      }
    } finally {
      await t.close();
    }
  });
});

describe('the feedback CLI', () => {
  it('prints bidirectional controls escaped, so feedback cannot reorder what the operator reads', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-attack-')), 'cli.sqlite');
    const database = await createTestDatabase({ name: 'sqlite', url: `sqlite:${file}` });
    await insertFeedback(
      database.db,
      'refund to \u202ecod.exe\u202c and \u2066isolate\u2069 \u200fmark\u200e \u061c end',
      Date.now(),
    );
    await database.drop();
    log.count();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/feedback.ts', 'list'], {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${file}`,
        JWT_SECRET: TEST_JWT_SECRET,
        DATA_DIR: path.dirname(file),
      },
    });
    expect(stdout).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(stdout).toContain(
      'refund to \\u202ecod.exe\\u202c and \\u2066isolate\\u2069 \\u200fmark\\u200e \\u061c end',
    );
  }, 60_000);
});
