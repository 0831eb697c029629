/**
 * Attack suite, the server's edges (docs/architecture.md#accounts): slow
 * clients, feed batches with impossible dates or a borrowed externalId, feedback that would drive
 * the operator's terminal, path traversal.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../../src/server/core/config';
import { insertFeedback } from '../../../src/server/modules/feedback/feedback.repository';
import { BatchRejectedError } from '../../../src/server/modules/odds/ingest/ingest-pipeline';
import { createTestDatabase, databasesUnderTest } from '../support/databases';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app';
import { FIXTURE_NOW, goodBatch } from '../odds/support/batches';
import { attackLog } from './attack-support';

const log = attackLog('server');

describe('slow clients', () => {
  it('drops a client that never finishes its headers once HEADERS_TIMEOUT_S passes', async () => {
    const t = await buildTestApp({ headersTimeoutS: 1, requestTimeoutS: 2 }, { smtp: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      setTimeout(() => {
        socket.destroy();
        resolve('still open');
      }, 8_000).unref();
    });
    log.count();
    expect(answer).not.toBe('still open');
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    await t.close();
  });

  it('defaults to 10 s for headers and 30 s for the request, configurable, headers never above request', () => {
    const base = { JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: 'sqlite::memory:', DATA_DIR: os.tmpdir() };
    expect(loadConfig(base)).toMatchObject({ headersTimeoutS: 10, requestTimeoutS: 30 });
    expect(loadConfig({ ...base, HEADERS_TIMEOUT_S: '5', REQUEST_TIMEOUT_S: '20' })).toMatchObject({
      headersTimeoutS: 5,
      requestTimeoutS: 20,
    });
    expect(() => loadConfig({ ...base, HEADERS_TIMEOUT_S: '40' })).toThrow('Invalid configuration: HEADERS_TIMEOUT_S');
  });
});

describe.each(databasesUnderTest())('feed batches under attack on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { database, smtp: false });
    t.clock.advance(FIXTURE_NOW - Date.now());
    await t.app.odds.ingest(goodBatch(), 'import');
  });
  afterAll(() => t.close());

  const rejection = async (batch: unknown) => {
    log.count();
    try {
      await t.app.odds.ingest(batch, 'import');
    } catch (error) {
      if (error instanceof BatchRejectedError) return error.details;
      throw error;
    }
    return [];
  };

  it('L6: refuses dates the calendar lacks and dates a year or more away', async () => {
    const dated = (kickoff: string, fetchedAt = '2030-03-10T12:00:00Z') => {
      const batch = goodBatch({ fetchedAt });
      batch.events[0]!.kickoff = kickoff;
      return batch;
    };
    for (const kickoff of [
      '2030-02-30T15:00:00Z',
      '2030-02-29T15:00:00Z',
      '2030-04-31T15:00:00Z',
      '2030-03-16T24:00:00Z',
    ]) {
      expect(await rejection(dated(kickoff))).toContainEqual({
        field: 'events[0].kickoff',
        message: 'is not a date of the calendar',
      });
    }
    for (const kickoff of [
      '0000-03-16T15:00:00Z',
      '9999-03-16T15:00:00Z',
      '2031-04-16T15:00:00Z',
      '2029-01-01T15:00:00Z',
    ]) {
      expect(await rejection(dated(kickoff))).toContainEqual({
        field: 'events[0].kickoff',
        message: 'must be within a year of now',
      });
    }
    expect(await rejection(dated('2030-03-16T15:00:00Z', '9999-01-01T00:00:00Z'))).toContainEqual({
      field: 'fetchedAt',
      message: 'must be within a year of now',
    });
    expect(await rejection(dated('2030-03-16T15:00:00Z', '2030-02-31T00:00:00Z'))).toContainEqual({
      field: 'fetchedAt',
      message: 'is not a date of the calendar',
    });
  });

  it('L6: an externalId bound to one match never carries prices onto it for a different match', async () => {
    const before = await t.app.inject({ url: '/api/odds/summary?country=1' });
    const hijack = goodBatch();
    // b9-2001 is Arsenal v Chelsea: here it names another pairing at the same time.
    hijack.events[0]!.home = 'Liverpool';
    hijack.events[0]!.away = 'Everton';
    hijack.events[0]!.markets[0]!.prices[0]!.value = 9.99;
    const details = await rejection(hijack);
    expect(details).toContainEqual({
      field: 'events[0].externalId',
      message: expect.stringContaining('a different match needs its own externalId'),
    });
    const swapped = goodBatch();
    [swapped.events[0]!.home, swapped.events[0]!.away] = [swapped.events[0]!.away, swapped.events[0]!.home];
    expect((await rejection(swapped)).map((d) => d.field)).toContain('events[0].externalId');
    const after = await t.app.inject({ url: '/api/odds/summary?country=1' });
    expect(after.body).toBe(before.body);
    const prices = await t.db.selectFrom('current_prices').select('value').execute();
    expect(prices.map((p) => Number(p.value))).not.toContain(9.99);
  });
});

describe('the feedback CLI (L3)', () => {
  it('prints control characters escaped, so feedback cannot drive the terminal', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-attack-')), 'cli.sqlite');
    const database = await createTestDatabase({ name: 'sqlite', url: `sqlite:${file}` });
    await insertFeedback(
      database.db,
      'red \u001b[31mALERT\u001b[0m\u0007 bell\rover \u009b2J and a \\ backslash',
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
    // eslint-disable-next-line no-control-regex
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(stdout).toContain('red \\x1b[31mALERT\\x1b[0m\\x07 bell\\x0dover \\x9b2J and a \\\\ backslash');
  }, 60_000);
});

describe('path traversal', () => {
  it('never leaves the web root, whatever the encoding', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'oddsmate-web-'));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(root, 'index.html'), '<html>landing</html>');
    writeFileSync(path.join(root, '200.html'), '<html>shell</html>');
    const t = await buildTestApp({ serveWeb: true, webRoot: root }, { smtp: false });
    for (const url of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2fetc/passwd',
      '/assets/..%2f..%2f..%2fetc/passwd',
      '/%252e%252e/etc/passwd',
      '/..\\..\\etc\\passwd',
      '/%c0%ae%c0%ae/etc/passwd',
      '/etc/passwd%00.html',
      '/api/../../etc/passwd',
    ]) {
      const response = log.sent(await t.app.inject({ url }));
      expect(response.body).not.toContain('root:');
      expect([400, 403, 404]).toContain(response.statusCode);
    }
    await t.close();
  });
});
