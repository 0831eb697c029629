/**
 * A big batch is ingested in slices that hand the event loop back (docs/architecture.md#data-flow):
 * - the slicing primitives give the event loop a turn (a callback queued meanwhile runs) and no more;
 * - validation in slices accepts and rejects exactly as validation in one go;
 * - while a batch of a few hundred events is ingested, reads are answered between its slices, on
 *   the snapshot of before the batch until the whole batch has committed and been rebuilt, then
 *   on the new one — never on a mixture;
 * - a rebuild's own slices show nothing of it either: the answers, the countries' lists and the
 *   match views switch together when it publishes;
 * - a batch arriving while another one yields waits its turn and is applied after it;
 * - on SQLite the batch's commit leaves its flush to disk to the thread pool, and the batch is
 *   acknowledged once that flush is done; every other statement runs with its own flush.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FeedBatch } from '@shared/contract/ingest';
import type { OddsEventDto, OddsListDto } from '@shared/contract/odds';
import { sql } from 'kysely';
import { SLICE_MS, Slicer, nextTurn } from '../../../src/server/core/event-loop';
import {
  type InvalidBatchError,
  validateBatch,
  validateBatchInSlices,
} from '../../../src/server/modules/odds/feed/feed-validation';
import { chunksInTurns } from '../../../src/server/modules/odds/sql-chunks';
import { OddsService } from '../../../src/server/modules/odds/odds.service';
import { SnapshotAnswers } from '../../../src/server/modules/odds/snapshot/snapshot-answers';
import { createTestDatabase, databasesUnderTest, type TestDatabase } from '../support/databases';
import { recordFlushes } from '../support/file-flushes';
import { FIXTURE_NOW, goodBatch } from './support/batches';

describe('slicing primitives', () => {
  it('nextTurn lets a callback queued before it run first', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('queued'));
    await nextTurn();
    order.push('after the turn');
    expect(order).toEqual(['queued', 'after the turn']);
  });

  it('a slicer is due once its slice has run, and a pause starts a new slice', async () => {
    const never = new Slicer(Number.POSITIVE_INFINITY);
    expect(never.due).toBe(false);
    const always = new Slicer(0);
    expect(always.due).toBe(true);
    const order: string[] = [];
    setImmediate(() => order.push('queued'));
    await always.step();
    expect(order).toEqual(['queued']);
    setImmediate(() => order.push('not yet'));
    await never.step();
    expect(order).toEqual(['queued']);
    await nextTurn();
    expect(order).toEqual(['queued', 'not yet']);
  });

  it('a slicer counts the time spent in the turns it handed back, and only that', async () => {
    const slicer = new Slicer(0);
    expect(slicer.pausedMs).toBe(0);
    // A turn in which a callback holds the event loop for 20 ms: the pause lasts at least that.
    setImmediate(() => {
      const until = performance.now() + 20;
      while (performance.now() < until);
    });
    await slicer.pause();
    const first = slicer.pausedMs;
    expect(first).toBeGreaterThanOrEqual(20);
    // Work between pauses is not counted.
    const until = performance.now() + 20;
    while (performance.now() < until);
    expect(slicer.pausedMs).toBe(first);
    // The next pause adds no more than the pause itself took, not the work before it.
    const pauseFrom = performance.now();
    await slicer.pause();
    const pauseTook = performance.now() - pauseFrom;
    expect(slicer.pausedMs).toBeGreaterThan(first);
    expect(slicer.pausedMs - first).toBeLessThanOrEqual(pauseTook);
  });

  it('validation in slices accepts and rejects exactly as validation in one go', async () => {
    const variants: Array<(b: Record<string, unknown> & FeedBatch) => void> = [
      () => undefined,
      (b) => (b.events[1]!.markets[0]!.prices[0]!.selection = 9 as never),
      (b) => Object.assign(b.events[1]!, { colour: 'red' }),
      (b) => Object.assign(b.events[0]!.markets[0]!.prices[1]!, { value: 0.5 }),
      (b) => (b.fetchedAt = '2030-02-30T12:00:00Z'),
      (b) => (b.events[1]!.externalId = b.events[0]!.externalId),
      (b) => Object.assign(b, { extra: true }),
      (b) => (b.events = 'none' as never),
    ];
    const outcome = async (run: () => unknown) => {
      try {
        await run();
        return 'valid';
      } catch (error) {
        return (error as InvalidBatchError).details;
      }
    };
    for (const change of variants) {
      const batch = structuredClone(goodBatch()) as Record<string, unknown> & FeedBatch;
      change(batch);
      const whole = await outcome(() => validateBatch(batch));
      expect(await outcome(() => validateBatchInSlices(batch, new Slicer(0)))).toEqual(whole);
    }
  });

  it('chunksInTurns runs quick chunks on, and gives the event loop a turn between two once a slice has run', async () => {
    await nextTurn();
    const quick: string[] = [];
    setImmediate(() => quick.push('turn'));
    for await (const part of chunksInTurns([1, 2, 3, 4, 5], 2)) quick.push(part.join(','));
    expect(quick).toEqual(['1,2', '3,4', '5']);

    await nextTurn();
    const slow: string[] = [];
    setImmediate(() => slow.push('turn'));
    for await (const part of chunksInTurns([1, 2, 3, 4, 5], 2)) {
      slow.push(part.join(','));
      // Work on the chunk that holds the event loop longer than a slice.
      const until = performance.now() + SLICE_MS + 1;
      while (performance.now() < until);
    }
    expect(slow).toEqual(['1,2', 'turn', '3,4', '5']);
  });
});

const EVENTS = 300;
const iso = (ms: number) => new Date(ms).toISOString();

/** EVENTS Premier League matches of one book, every 1X2 price `home` for the home side. */
function bigBatch(home: number, fetchedAt: number): FeedBatch {
  return {
    provider: 1,
    country: 1,
    fetchedAt: iso(fetchedAt),
    events: Array.from({ length: EVENTS }, (_, i) => ({
      externalId: `big-${i}`,
      competition: 1,
      home: `Home ${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}ton`,
      away: `Away ${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}ton`,
      kickoff: iso(FIXTURE_NOW + 24 * 3600_000 + i * 3600_000),
      markets: [
        {
          market: 1,
          prices: [
            { selection: 1, value: home },
            { selection: 2, value: 3.4 },
            { selection: 3, value: 4.1 },
          ],
        },
      ],
    })),
  } as FeedBatch;
}

describe.each(databasesUnderTest())('a big batch in slices on $name', (target) => {
  let database: TestDatabase;
  let service: OddsService;
  let clock: number;

  const answer = () => service.snapshot.odds(1, 1, 1)?.etag ?? 'none';
  const homePrices = () =>
    new Set(
      (JSON.parse(service.snapshot.odds(1, 1, 1)!.body.toString()) as { data: OddsListDto }).data.events.map(
        (e) => e.markets[0]?.odds.find((r) => r.providerId === 1)?.odds[0]?.value,
      ),
    );

  beforeEach(async () => {
    // A file, on SQLite: the WAL, its checkpoints and the page cache as in production.
    const sqliteUrl = `sqlite:${path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-slices-')), 'odds.sqlite')}`;
    database = await createTestDatabase(target, { sqliteUrl });
    clock = FIXTURE_NOW;
    service = new OddsService(database.db, { now: () => clock });
    await service.snapshot.rebuild();
    await service.ingest(bigBatch(1.8, clock), 'live');
  });
  afterEach(async () => {
    service.close();
    await database.drop();
  });

  it('answers reads while the batch runs: the old snapshot until it committed, then the new one', async () => {
    const before = answer();
    expect(homePrices()).toEqual(new Set([1.8]));
    clock += 60_000;
    let done = false;
    const running = service.ingest(bigBatch(1.9, clock), 'live').finally(() => {
      done = true;
    });
    const reads: string[] = [];
    const olds: Array<Set<number | null | undefined>> = [];
    while (!done) {
      await nextTurn();
      if (done) break;
      reads.push(answer());
      if (answer() === before) olds.push(homePrices());
    }
    const run = await running;
    expect(run.status).toBe('applied');
    const after = answer();
    expect(after).not.toBe(before);
    expect(homePrices()).toEqual(new Set([1.9]));
    // Reads were answered while the batch ran (at least one before its commit and one after it) …
    expect(reads.length).toBeGreaterThanOrEqual(2);
    // … first on the old snapshot, whole; then, once switched, on the new one only.
    expect(reads[0]).toBe(before);
    for (const prices of olds) expect(prices).toEqual(new Set([1.8]));
    const switched = reads.indexOf(after);
    const tail = switched < 0 ? [] : reads.slice(switched);
    expect(tail.every((r) => r === after)).toBe(true);
    expect(reads.every((r) => r === before || r === after)).toBe(true);
  });

  it('keeps the answers, the lists and the match views of before a rebuild until it publishes, then switches them together', async () => {
    const home = (e: OddsEventDto | undefined) => e?.markets[0]?.odds.find((r) => r.providerId === 1)?.odds[0]?.value;
    const listed = () => new Set((service.snapshot.countryEvents(1) ?? []).map(home));
    const before = { answer: answer(), revision: service.snapshot.listedRevision };
    const id = service.snapshot.countryEvents(1)![0]!.id;
    expect(listed()).toEqual(new Set([1.8]));
    let reached!: () => void;
    const atPublish = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const publish = SnapshotAnswers.prototype.publish;
    const spy = jest.spyOn(SnapshotAnswers.prototype, 'publish').mockImplementation(async function (
      this: SnapshotAnswers,
      ...args: Parameters<SnapshotAnswers['publish']>
    ) {
      reached();
      await gate;
      return publish.apply(this, args);
    });
    try {
      clock += 60_000;
      const running = service.ingest(bigBatch(1.9, clock), 'live');
      await atPublish;
      // Committed, every event relisted, nothing published: the readers still see the old state.
      expect(answer()).toBe(before.answer);
      expect(listed()).toEqual(new Set([1.8]));
      expect(home(service.snapshot.event(id))).toBe(1.8);
      expect(service.snapshot.listedRevision).toBe(before.revision);
      release();
      await running;
    } finally {
      spy.mockRestore();
    }
    expect(answer()).not.toBe(before.answer);
    expect(homePrices()).toEqual(new Set([1.9]));
    expect(listed()).toEqual(new Set([1.9]));
    expect(home(service.snapshot.event(id))).toBe(1.9);
  });

  it('acknowledges a batch once it is on disk, its commit not waiting for the disk on the event loop', async () => {
    const events: string[] = [];
    const opened = recordFlushes(events);
    clock += 60_000;
    let done = false;
    const running = service.ingest(bigBatch(1.9, clock), 'live').finally(() => {
      done = true;
      events.push('acknowledged');
    });
    // Statements of the process meanwhile (they wait for the batch's connection on SQLite).
    const levels: unknown[] = [];
    while (!done) {
      await nextTurn();
      const level = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(database.db).catch(() => null);
      if (level && target.name === 'sqlite') levels.push(level.rows[0]?.synchronous);
    }
    expect((await running).status).toBe('applied');
    opened.mockRestore();
    if (target.name === 'sqlite') {
      expect(events).toEqual([`flushed ${database.url.replace(/^sqlite:/, '')}-wal`, 'acknowledged']);
      // FULL: no statement but the batch's commit ran without its flush.
      expect(levels.length).toBeGreaterThan(0);
      expect(new Set(levels)).toEqual(new Set([2]));
    } else {
      expect(events).toEqual(['acknowledged']);
    }
  });

  it('queues a batch that arrives while another one yields, and applies it after that one', async () => {
    clock += 60_000;
    let done = false;
    const first = service.ingest(bigBatch(1.9, clock), 'live').finally(() => {
      done = true;
    });
    let second: ReturnType<OddsService['ingest']> | null = null;
    while (!done && !second) {
      await nextTurn();
      if (!done) second = service.ingest(bigBatch(2.0, clock + 1), 'live');
    }
    expect(second).not.toBeNull();
    expect(service.pendingIngests).toBe(2);
    const [a, b] = await Promise.all([first, second as NonNullable<typeof second>]);
    expect([a.status, b.status]).toEqual(['applied', 'applied']);
    expect(b.version as number).toBeGreaterThan(a.version as number);
    expect(homePrices()).toEqual(new Set([2.0]));
  });
});
