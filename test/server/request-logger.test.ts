import { type App, buildApp } from '../../src/server/app';
import { lazyChildLoggerFactory } from '../../src/server/core/logging/request-logger';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { testConfig } from './support/test-app';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

describe('request loggers', () => {
  let app: App;
  let database: TestDatabase;
  let lines: Line[];

  beforeEach(async () => {
    lines = [];
    database = await createTestDatabase({ name: 'sqlite', url: 'sqlite::memory:' });
    app = await buildApp(testConfig(), {
      db: database.db,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as Line) } },
    });
    await app.ready();
    lines = [];
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await app.close();
    await database.drop();
  });

  it('builds no logger for a request whose route level drops every line it would write', async () => {
    const child = jest.spyOn(app.log, 'child');
    const response = await app.inject({ url: '/api/odds/summary?country=1', headers: { 'x-request-id': 'quiet-1' } });
    expect(response.statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('writes the incoming and completed lines with the request id, as a pino child does', async () => {
    const child = jest.spyOn(app.log, 'child');
    await app.inject({ url: '/api/health', headers: { 'x-request-id': 'loud-1' } });
    expect(child).toHaveBeenCalledTimes(1);
    expect(child).toHaveBeenCalledWith({ reqId: 'loud-1' }, {});
    expect(lines.map((l) => [l.msg, l.reqId, l.level])).toEqual([
      ['incoming request', 'loud-1', 30],
      ['request completed', 'loud-1', 30],
    ]);
    expect(lines[0]).toMatchObject({ req: { method: 'GET', url: '/api/health' } });
    expect(lines[1]).toMatchObject({ res: { statusCode: 200 } });
    expect(typeof lines[1]?.responseTime).toBe('number');
  });

  it('builds the logger when a quiet route logs at an enabled level', async () => {
    const child = jest.spyOn(app.log, 'child');
    jest.spyOn(app.odds.snapshot, 'summary').mockImplementation(() => {
      throw new Error('snapshot on fire');
    });
    const response = await app.inject({ url: '/api/odds/summary?country=1', headers: { 'x-request-id': 'quiet-2' } });
    expect(response.statusCode).toBe(500);
    expect(child).toHaveBeenCalledTimes(1);
    expect(child).toHaveBeenCalledWith({ reqId: 'quiet-2' }, { level: 'warn' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed', reqId: 'quiet-2' });
    expect(JSON.stringify(lines[0])).toContain('snapshot on fire');
  });

  it('follows a level set before the first line, and hands children its bindings', () => {
    const logger = lazyChildLoggerFactory.call(app, app.log, { reqId: 'r1' }, { level: 'warn' }, undefined as never);
    logger.info('dropped');
    expect(lines).toEqual([]);
    expect(logger.level).toBe('warn');
    logger.level = 'info';
    logger.info('kept');
    expect(logger.level).toBe('info');
    logger.debug('below info');
    logger.child({ part: 'x' }).warn('from a child');
    expect(lines.map((l) => [l.msg, l.reqId, l.level, l.part])).toEqual([
      ['kept', 'r1', 30, undefined],
      ['from a child', 'r1', 40, 'x'],
    ]);
  });
});
