/**
 * Real processes: the import CLI, a crash in the middle of an ingest transaction, and two
 * API processes over one database (docs/architecture.md#runtime scale-out) — on SQLite files and PostgreSQL.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DemoFeed } from '../../../src/server/modules/odds/demo/demo-feed';
import { ingestBatch } from '../../../src/server/modules/odds/ingest/ingest-pipeline';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { goodBatch, otherProviderBatch, nearNow } from './support/batches';
import { type ServerProcess, childEnv, finished, runTs, spawnTs, startServer, waitForLine } from './support/processes';

// Child processes start through tsx; a busy CI machine needs the headroom.
jest.setTimeout(120_000);

const dir = mkdtempSync(path.join(os.tmpdir(), 'oddsmate-odds-'));
const file = (name: string, content: unknown) => {
  const p = path.join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};

async function tableCounts(database: TestDatabase) {
  const n = async (table: 'events' | 'current_prices' | 'price_history' | 'ingest_runs') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const version = await database.db.selectFrom('odds_version').select('version').executeTakeFirstOrThrow();
  return {
    events: await n('events'),
    prices: await n('current_prices'),
    history: await n('price_history'),
    version: Number(version.version),
  };
}

describe.each(databasesUnderTest())('odds processes on $name', (target) => {
  let database: TestDatabase;

  beforeEach(async () => {
    const sqliteUrl = `sqlite:${path.join(dir, `odds-${Date.now()}-${Math.random().toString(36).slice(2)}.sqlite`)}`;
    database = await createTestDatabase(target, { sqliteUrl });
  });
  afterEach(async () => database.drop());

  it('imports good files with npm run odds:import and refuses bad ones whole', async () => {
    // A child process runs on the real clock: the batches are moved near now.
    const good = file('good.json', [nearNow(goodBatch()), nearNow(otherProviderBatch())]);
    const bad = nearNow(goodBatch());
    bad.events[1]!.markets[0]!.prices[2]!.selection = 9;
    const mixed = file('mixed.json', [nearNow(otherProviderBatch({ provider: 3 })), bad]);
    const broken = file('broken.json', '{"provider": 1');
    const env = childEnv(database.url);

    const ok = await runTs('scripts/odds-import.ts', [good], env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/good\.json\[0\]: applied run_\w+ \(provider 1, 2 events, 2 new; 8 prices, 8 changed/);
    expect(ok.stdout).toMatch(/good\.json\[1\]: applied run_\w+ \(provider 5, 2 events, 0 new;/);
    const before = await tableCounts(database);
    expect(before).toMatchObject({ events: 2, prices: 14, version: 2 });

    const failed = await runTs('scripts/odds-import.ts', [mixed, broken], env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('mixed.json[1]: rejected, nothing of this file was imported:');
    expect(failed.stderr).toContain('events[1].markets[0].prices[2].selection does not belong to market 1');
    expect(failed.stderr).toContain('broken.json: not valid JSON');
    expect(failed.stderr).toContain('odds:import: 2 of 2 file(s) failed');
    expect(await tableCounts(database)).toEqual(before);

    const usage = await runTs('scripts/odds-import.ts', [], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run odds:import -- FILE');
  });

  it('survives SIGKILL in the middle of an ingest: no half-applied batch, and the batch applies after restart', async () => {
    const now = Date.parse('2030-03-10T12:00:00Z');
    const child = spawnTs('test/server/odds/support/crash-ingest.ts', [], {
      ...childEnv(database.url),
      CRASH_NOW: String(now),
    });
    const done = finished(child);
    await waitForLine(child, /IN_TRANSACTION/);
    child.kill('SIGKILL');
    expect((await done).signal).toBe('SIGKILL');

    if (database.kind === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    }
    expect(await tableCounts(database)).toEqual({ events: 0, prices: 0, history: 0, version: 0 });

    const [batch] = new DemoFeed({ seed: 42 }).tick(now);
    const run = await ingestBatch(database.db, batch, { source: 'demo', now: () => now });
    expect(run.status).toBe('applied');
    const after = await tableCounts(database);
    expect(after).toMatchObject({ events: batch!.events.length, version: 1 });
    expect(after.prices).toBe(run.prices.changed);
  });

  it('lets a second API process (--no-ingest) see pushed and imported prices within seconds', async () => {
    const token = 'push-token-0123456789abcdef';
    const started = await Promise.allSettled([
      startServer(childEnv(database.url, { INGEST_TOKEN: token })),
      // The reader would run the demo feed but for --no-ingest.
      startServer(childEnv(database.url, { ODDS_FEED: 'demo' }), ['--no-ingest']),
    ]);
    const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (servers.length < 2) {
      await Promise.all(servers.map((server) => server.stop()));
      throw (started.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
    }
    const [writer, reader] = servers as [ServerProcess, ServerProcess];
    try {
      const summary = async (url: string) =>
        (
          (await (await fetch(`${url}/api/odds/summary?country=1`)).json()) as {
            data: { numOdds: number; source: string };
          }
        ).data;
      expect(await summary(reader.url)).toMatchObject({ numOdds: 0, source: 'live' });

      const pushed = await fetch(`${writer.url}/api/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(nearNow(goodBatch())),
      });
      expect(pushed.status).toBe(200);
      expect((await summary(writer.url)).numOdds).toBe(8);

      // Polled every 2 s, so normally within 2–3 s; the bound leaves room for a loaded machine.
      const WITHIN_MS = 10_000;
      const seenWithin = async (expected: number, url = reader.url) => {
        const started = Date.now();
        while (Date.now() - started < WITHIN_MS) {
          if ((await summary(url)).numOdds === expected) return Date.now() - started;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`${url} did not show ${expected} prices within ${WITHIN_MS} ms`);
      };
      expect(await seenWithin(8)).toBeLessThan(WITHIN_MS);

      const imported = await runTs(
        'scripts/odds-import.ts',
        [file('more.json', nearNow(otherProviderBatch()))],
        childEnv(database.url),
      );
      expect(imported.code).toBe(0);
      expect(await seenWithin(14)).toBeLessThan(WITHIN_MS);
      expect(await seenWithin(14, writer.url)).toBeLessThan(WITHIN_MS);
      // --no-ingest really ran no feed.
      const demo = await database.db.selectFrom('ingest_runs').select('id').where('source', '=', 'demo').execute();
      expect(demo).toEqual([]);
    } finally {
      await Promise.all([writer.stop(), reader.stop()]);
    }
  });
});
