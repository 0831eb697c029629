/**
 * Attack suite, the server's operations edges (docs/architecture.md#http-api, #settled-details; issue D10 and design
 * points): on SQLite and PostgreSQL. A client that hangs up mid-body is logged as an abort, not
 * as a database outage, with its `err.code` readable; headers too large, malformed requests and the
 * router's refusals (a broken percent-encoding, a path parameter too long)
 * answer in the JSON envelope; pages and JSON answers agree that nothing may frame them; the
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

  it('431 and malformed requests answer in the JSON envelope', async () => {
    const big = await raw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    log.count();
    expect(big.startsWith('HTTP/1.1 431')).toBe(true);
    const bigBody = JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4));
    expect(bigBody).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', description: 'Request headers are too large', type: 'validation' },
    });
    expect(big.toLowerCase()).toContain('content-type: application/json');

    const broken = await raw(port, 'GET /api/health HTTP/1.1\r\nHost x\r\n\0\r\n\r\n');
    log.count();
    expect(broken.startsWith('HTTP/1.1 400')).toBe(true);
    expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4)).error.code).toBe('VALIDATION_ERROR');
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
