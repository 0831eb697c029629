/**
 * The error reference (docs/qa-replay.md, "From a reference to the log line"): every error
 * answer carries the request id it was logged under, and that id finds exactly the request's
 * line in the server log — also on routes that log only from warn up.
 */
import { type App, buildApp } from '../../src/server/app';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { testConfig } from './support/test-app';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

describe('error reference', () => {
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

  const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

  it('puts the request id in every error answer and logs the rejection under it', async () => {
    const answers = [
      await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: 'nobody', password: 'wrong-password-1' },
      }),
      await app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'x' } }),
      await app.inject({ url: '/api/nothing' }),
    ];
    const codes = [];
    for (const response of answers) {
      const id = response.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      const { error } = response.json() as { error: { code: string; requestId: string } };
      expect(error.requestId).toBe(id);
      const rejected = linesOf(id).filter((line) => line.msg === 'request rejected');
      expect(rejected).toEqual([
        expect.objectContaining({ code: error.code, statusCode: response.statusCode, level: 30 }),
      ]);
      codes.push(error.code);
    }
    expect(codes).toEqual(['INVALID_USERNAME_OR_PASSWORD', 'VALIDATION_ERROR', 'NOT_FOUND']);
    expect(new Set(answers.map((r) => r.headers['x-request-id'])).size).toBe(3);
  });

  it("keeps a proxy's well-formed request id as the reference", async () => {
    const response = await app.inject({ url: '/api/nothing', headers: { 'x-request-id': 'edge-7f3a' } });
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', requestId: 'edge-7f3a' } });
    expect(linesOf('edge-7f3a').map((l) => l.msg)).toContain('request rejected');
  });

  it('logs a rejection at warn on a route that logs only from warn up', async () => {
    const response = await app.inject({ url: '/api/odds/summary?country=abc' });
    expect(response.statusCode).toBe(400);
    const id = response.json<{ error: { requestId: string } }>().error.requestId;
    expect(id).toBe(response.headers['x-request-id']);
    expect(linesOf(id)).toEqual([
      expect.objectContaining({ msg: 'request rejected', level: 40, code: 'VALIDATION_ERROR', statusCode: 400 }),
    ]);
  });

  it('gives a 500 the reference of its cause line, and only that line', async () => {
    jest.spyOn(app.odds.snapshot, 'summary').mockImplementation(() => {
      throw new Error('snapshot on fire');
    });
    const response = await app.inject({ url: '/api/odds/summary?country=1' });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ error: { code: string; description: string; requestId: string } }>();
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('snapshot on fire');
    const logged = linesOf(body.error.requestId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, msg: 'request failed', code: 'INTERNAL_ERROR', statusCode: 500 });
    expect(JSON.stringify(logged[0])).toContain('snapshot on fire');
  });
});
