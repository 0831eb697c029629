/**
 * The scale-out layout with real processes: `npm run collect` (scripts/odds-collect.ts) polling a
 * bookmaker fixture server, and two API processes (`src/server/server.ts --no-ingest`) on one
 * database. A price alert set through one API process fires exactly once — one notification,
 * one e-mail — when the collector commits a batch whose price crosses it, though both API
 * processes follow every committed batch (docs/architecture.md#alerts).
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bookAdapter } from '../../../src/server/modules/odds/sources';
import {
  BOOK_FIXTURES,
  type BookFixtureServer,
  fixtureServerEnv,
  shiftKickoffs,
  startBookFixtureServer,
} from '../../../scripts/lib/book-fixture-server';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { type ServerProcess, childEnv, finished, spawnTs, startServer, waitForLine } from '../odds/support/processes';

jest.setTimeout(90_000);

/** SportyBet's real Premier League page (read 2026-08-22 12:00): Fulham v Chelsea, sr:match:72221172. */
const PAGE = 'sportybet/real/pcUpcomingEvents_amen_page1.EXCERPT.json';
const READ_AT = Date.parse('2026-08-22T12:00:00Z');
const SR_ID = '72221172';

interface Outcome {
  id: string;
  odds: string;
}
interface Page {
  data: {
    tournaments: Array<{ events: Array<{ eventId: string; markets: Array<{ id: string; outcomes: Outcome[] }> }> }>;
  };
}

/** The page with Fulham's home price set to `odds`, kick-offs moved as the fixture server moves them. */
function pageWithHome(odds: string): string {
  const page = JSON.parse(readFileSync(path.join(BOOK_FIXTURES, PAGE), 'utf8')) as Page;
  const event = page.data.tournaments.flatMap((t) => t.events).find((e) => e.eventId === `sr:match:${SR_ID}`);
  const home = event?.markets.find((m) => m.id === '1')?.outcomes.find((o) => o.id === '1');
  if (!home) throw new Error('Fulham v Chelsea 1X2 home not in the page');
  home.odds = odds;
  return shiftKickoffs(JSON.stringify(page), Math.floor((Date.now() - READ_AT) / 60_000) * 60_000);
}

/** Fulham's home price as the page lists it. */
function listedHome(): number {
  const page = JSON.parse(readFileSync(path.join(BOOK_FIXTURES, PAGE), 'utf8')) as Page;
  const event = page.data.tournaments.flatMap((t) => t.events).find((e) => e.eventId === `sr:match:${SR_ID}`);
  return Number(event?.markets.find((m) => m.id === '1')?.outcomes.find((o) => o.id === '1')?.odds);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The scale-out database is PostgreSQL: the test runs there when one is configured (a SQLite file
// otherwise), once, to keep its run time to half a minute.
const TARGET = databasesUnderTest().find((d) => d.name === 'postgres') ?? databasesUnderTest()[0]!;

describe.each([TARGET])('npm run collect with two API processes on $name', (target) => {
  let database: TestDatabase;
  let books: BookFixtureServer;
  let smtp: SmtpCapture;
  const children: Array<{ stop(): Promise<void> }> = [];

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oddsmate-collect-'));
    database = await createTestDatabase(target, { sqliteUrl: `sqlite:${path.join(dir, 'odds.sqlite')}` });
    books = await startBookFixtureServer({ set: 'real' });
    smtp = await startSmtpCapture();
  });

  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop()));
    await smtp.close();
    await books.close();
    await database.drop();
  });

  it('fires an alert once for a crossing batch the collector commits', async () => {
    const env = childEnv(database.url, { SMTP_URL: smtp.url });
    const collectorEnv = {
      ...env,
      ...fixtureServerEnv(books.url),
      ODDS_SOURCES: 'sportybet',
      // The Premier League only: the other leagues' pages add nothing here.
      ODDS_LEAGUES_SPORTYBET: '2=,3=,4=',
      ODDS_POLL_S: '5',
    };
    const started = await Promise.allSettled([
      startServer(env, ['--no-ingest']),
      startServer(env, ['--no-ingest']),
      (async () => {
        const child = spawnTs('scripts/odds-collect.ts', [], collectorEnv);
        const done = finished(child);
        const stop = () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          });
        await waitForLine(child, /collect: polling sportybet every 5 s/);
        return { child, done, stop };
      })(),
    ]);
    for (const s of started) if (s.status === 'fulfilled') children.push(s.value);
    const failed = started.find((s) => s.status === 'rejected') as PromiseRejectedResult | undefined;
    if (failed) throw failed.reason;
    const [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [
      ServerProcess,
      ServerProcess,
    ];

    // The collector's first poll brings the match.
    const event = await until('the collector to write Fulham v Chelsea', async () =>
      database.db.selectFrom('events').select(['id', 'home']).where('sportradar_id', '=', SR_ID).executeTakeFirst(),
    );
    expect(event.home).toBe('Fulham');

    // A user registers and verifies through A and sets an alert through B just above the listed price.
    const user = { userName: `collect_${process.pid}`, email: `collect.${process.pid}@example.com` };
    const json = async (url: string, method: string, body: unknown, token?: string) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };
    const registered = await json(`${a.url}/api/users/register`, 'PUT', {
      ...user,
      password: 'correct horse battery',
      country: 1,
    });
    expect(registered.status).toBe(201);
    const otp = await smtp.codeFor(user.email);
    const verified = await json(`${a.url}/api/users/verify-email`, 'POST', { email: user.email, otp });
    expect(verified.status).toBe(200);
    const token = verified.body.data.token as string;
    const before = listedHome();
    const threshold = Math.round((before + 0.1) * 100) / 100;
    const created = await json(
      `${b.url}/api/users/me/alerts`,
      'POST',
      { eventId: event.id, marketId: 1, selectionTypeId: 1, atLeast: threshold },
      token,
    );
    expect(created.status).toBe(201);
    const alertId = (created.body.data.alert as { id: string }).id;
    const mailsBefore = smtp.messagesTo(user.email).length;

    // Both API processes index the new alert within their 2 s refresh; then the book moves.
    await new Promise((r) => setTimeout(r, 3_000));
    const crossed = (threshold + 0.15).toFixed(2);
    const request = bookAdapter('sportybet')!.request(1, { baseUrl: 'http://x', page: 1 })!;
    books.fail('sportybet', { status: 200, body: pageWithHome(crossed), pathIncludes: request.url.slice(8) });

    const fired = await until('the alert to fire', async () => {
      const row = await database.db.selectFrom('alerts').selectAll().where('id', '=', alertId).executeTakeFirst();
      return row?.status === 'fired' ? row : undefined;
    });
    expect(fired).toMatchObject({ fired_provider_id: 3 });
    expect(Number(fired.fired_value)).toBe(Number(crossed));
    const mail = await smtp.waitForMail(user.email, { count: mailsBefore + 1, timeoutMs: 15_000 });
    expect(mail.subject).toBe('Price alert: Fulham vs Chelsea');

    // Both processes have followed the batch (and the collector polled again) by now: still one of each.
    await new Promise((r) => setTimeout(r, 6_000));
    const notifications = await database.db
      .selectFrom('alert_notifications')
      .select(['alert_id', 'value'])
      .where('alert_id', '=', alertId)
      .execute();
    expect(notifications.map((n) => [n.alert_id, Number(n.value)])).toEqual([[alertId, Number(crossed)]]);
    expect(smtp.messagesTo(user.email).length).toBe(mailsBefore + 1);
    // The batch was the collector's: a live run committed it.
    const runs = await database.db.selectFrom('ingest_runs').select('source').distinct().execute();
    expect(runs.map((r) => r.source)).toEqual(['live']);
  });
});
