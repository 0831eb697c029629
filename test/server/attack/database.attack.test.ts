/**
 * Attack suite, the database going away (docs/architecture.md#accounts): a real server process on PostgreSQL
 * whose connections the database terminates (pg_terminate_backend, as a restart or failover
 * does) in the middle of ingests and requests. The process must keep serving: answers are the
 * usual ones or 503 SERVICE_UNAVAILABLE while the database is away, never a crash. Runs when
 * TEST_DATABASE_URL is set.
 */
import pg from 'pg';
import { DemoFeed } from '../../../src/server/modules/odds/demo/demo-feed';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { childEnv, type ServerProcess, startServer } from '../odds/support/processes';
import { attackLog } from './attack-support';

jest.setTimeout(120_000);

const INGEST_TOKEN = 'an-ingest-token-long-enough';
const postgres = databasesUnderTest().find((d) => d.name === 'postgres');
const log = attackLog('database');

(postgres ? describe : describe.skip)('a server whose PostgreSQL connections are terminated', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let admin: pg.Client;
  let name: string;
  let crashed = '';

  beforeAll(async () => {
    database = await createTestDatabase(postgres!);
    name = new URL(database.url).pathname.slice(1);
    server = await startServer(childEnv(database.url, { INGEST_TOKEN }));
    server.child.stderr?.on('data', (chunk: Buffer) => (crashed += chunk.toString()));
    admin = new pg.Client({ connectionString: postgres!.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.end();
    await server.stop();
    await database.drop();
  });

  const terminate = () =>
    admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );

  /** Status of a request, or the network error's name when the server did not answer. */
  const request = async (path: string, init: RequestInit = {}): Promise<number | string> => {
    try {
      const response = await fetch(`${server.url}${path}`, init);
      const body = await response.text();
      if (response.status >= 500 && response.status !== 503) return `${response.status} ${body}`;
      if (response.status === 503 && !body.includes('SERVICE_UNAVAILABLE')) return `503 without the envelope: ${body}`;
      return response.status;
    } catch (error) {
      return `no answer: ${(error as Error).message}`;
    }
  };
  const json = (body: unknown, token?: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

  it('keeps serving while its backends are terminated during ingests and requests', async () => {
    const feed = new DemoFeed({ seed: 7 });
    const statuses: Array<number | string> = [];
    for (let round = 0; round < 6; round += 1) {
      const batches = feed.tick(Date.now());
      const work = [
        ...batches.map((batch) => request('/api/ingest', json(batch, INGEST_TOKEN))),
        ...Array.from({ length: 4 }, () => request('/api/users/resend-otp', json({ email: 'nobody@example.com' }))),
        ...Array.from({ length: 4 }, () =>
          request('/api/users/forgot-password', json({ email: 'nobody@example.com' })),
        ),
        request('/api/ready'),
      ];
      log.count(work.length);
      // Terminate repeatedly while the work runs, so clients are caught checked out.
      for (let i = 0; i < 5; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 15));
        await terminate();
      }
      statuses.push(...(await Promise.all(work)));
    }
    const unexpected = statuses.filter((s) => ![200, 400, 404, 503].includes(s as number));
    expect(unexpected).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect(crashed).not.toMatch(/Unhandled 'error' event|uncaughtException/);
    // Back to normal at once.
    expect(await request('/api/ready')).toBe(200);
    expect(await request('/api/ingest', json(feed.tick(Date.now())[0], INGEST_TOKEN))).toBe(200);
  });

  it('answers 503 SERVICE_UNAVAILABLE while the database refuses connections, and recovers', async () => {
    await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
    await terminate();
    const away = await Promise.all([
      request('/api/ready'),
      request('/api/users/resend-otp', json({ email: 'nobody@example.com' })),
      request('/api/users/forgot-password', json({ email: 'nobody@example.com' })),
      request('/api/ingest', json(new DemoFeed({ seed: 8 }).tick(Date.now())[0], INGEST_TOKEN)),
    ]);
    log.count(away.length);
    expect(away).toEqual([503, 503, 503, 503]);
    expect(await request('/api/health')).toBe(200);
    await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
    expect(await request('/api/ready')).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
