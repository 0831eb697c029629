/** Helpers of the odds benchmark: a database, demo batches, timing, memory and gc. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { connectDatabase, type Db } from '../../src/server/core/db/connect';
import { migrateToLatest } from '../../src/server/core/db/migrate';
import { DemoFeed } from '../../src/server/modules/odds/demo/demo-feed';
import type { FeedBatch } from '../../src/shared/contract/ingest';
import { createRandom } from '../../src/server/modules/odds/demo/prng';

/** A migrated database: BENCH_DATABASE_URL, else a fresh SQLite file (WAL, synchronous=FULL, as in production). */
export async function benchDatabase(): Promise<Db> {
  const url =
    process.env.BENCH_DATABASE_URL ??
    `sqlite:${path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-bench-')), 'odds.sqlite')}`;
  const db = connectDatabase(url);
  await migrateToLatest(db);
  return db;
}

/** Five bookmakers' batches of the first `events` demo fixtures after `now`. */
export function demoBatches(now: number, events = 40, seed = 42): FeedBatch[] {
  const feed = new DemoFeed({ seed, horizonMs: 14 * 24 * 3600 * 1000 });
  return feed.tick(now).map((b) => ({ ...b, events: b.events.slice(0, events) }));
}

export function countPrices(batches: readonly FeedBatch[]): number {
  return batches.reduce(
    (n, b) => n + b.events.reduce((m, e) => m + e.markets.reduce((k, mk) => k + mk.prices.length, 0), 0),
    0,
  );
}

/** A copy with `share` of the prices moved by a few cents. */
export function withChangedPrices(batches: readonly FeedBatch[], share: number, seed: number): FeedBatch[] {
  const random = createRandom(seed);
  const copy = structuredClone(batches) as FeedBatch[];
  for (const batch of copy) {
    for (const event of batch.events) {
      for (const market of event.markets) {
        for (const price of market.prices) {
          if (random.chance(share)) price.value = Math.round((price.value + 0.01 + random.int(0, 4) / 100) * 100) / 100;
        }
      }
    }
  }
  return copy;
}

export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * A full garbage collection now: what the set-up before a measurement left (a target measured
 * before, a process dropped) is collected before the measurement, not in the middle of it.
 */
export const collectGarbage = (): void => gc();

/** RSS and heap in MB after a full garbage collection. */
export function memory(): { rssMb: number; heapMb: number } {
  gc();
  const m = process.memoryUsage();
  return { rssMb: m.rss / 2 ** 20, heapMb: m.heapUsed / 2 ** 20 };
}

export const fmt = (n: number, digits = 0) => n.toFixed(digits);

/** A database the history benchmark runs on, and how to throw it away. */
export interface BenchTarget {
  name: string;
  open(): Promise<{ db: Db; drop(): Promise<void> }>;
}

/**
 * SQLite (a fresh file) always; PostgreSQL too when BENCH_DATABASE_URL (used as is) or
 * TEST_DATABASE_URL (a fresh database is created on that server and dropped afterwards) is set.
 */
export function benchTargets(): BenchTarget[] {
  const targets: BenchTarget[] = [
    {
      name: 'SQLite',
      open: async () => {
        const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oddsmate-bench-')), 'odds.sqlite');
        const db = connectDatabase(`sqlite:${file}`);
        await migrateToLatest(db);
        return { db, drop: () => db.destroy() };
      },
    },
  ];
  const given = process.env.BENCH_DATABASE_URL?.trim();
  const server = process.env.TEST_DATABASE_URL?.trim();
  if (given?.startsWith('postgres')) {
    targets.push({
      name: 'PostgreSQL',
      open: async () => {
        const db = connectDatabase(given);
        await migrateToLatest(db);
        return { db, drop: () => db.destroy() };
      },
    });
  } else if (server) {
    targets.push({
      name: 'PostgreSQL',
      open: async () => {
        const name = `oddsmate_bench_${process.pid}_${Date.now()}`;
        const admin = async (statement: string) => {
          const client = new pg.Client({ connectionString: server });
          await client.connect();
          try {
            await client.query(statement);
          } finally {
            await client.end();
          }
        };
        await admin(`CREATE DATABASE "${name}"`);
        const url = new URL(server);
        url.pathname = `/${name}`;
        const db = connectDatabase(url.toString());
        await migrateToLatest(db);
        return {
          db,
          drop: async () => {
            await db.destroy();
            await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          },
        };
      },
    });
  }
  return targets;
}

/** The batches with another fetchedAt. */
export function readAt(batches: readonly FeedBatch[], at: number): FeedBatch[] {
  return batches.map((b) => ({ ...b, fetchedAt: new Date(at).toISOString() }));
}

/**
 * `rounds` batches of every book for the first event alone, each moving its three 1X2 prices
 * (up, then back down, so the series zigzags): 15 changes a round.
 */
export function movingMatchBatches(
  base: readonly FeedBatch[],
  rounds: number,
  from: number,
  stepMs: number,
): FeedBatch[] {
  const out: FeedBatch[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const batch of base) {
      const event = batch.events[0];
      const market = event?.markets.find((m) => m.market === 1);
      if (!event || !market) continue;
      const shift = (round % 2 === 1 ? 1 : 0) * 0.05 + (round % 7) * 0.01;
      out.push({
        ...batch,
        fetchedAt: new Date(from + round * stepMs).toISOString(),
        events: [
          {
            ...event,
            markets: [
              {
                ...market,
                prices: market.prices.map((p) => ({ ...p, value: Math.round((p.value + shift) * 100) / 100 })),
              },
            ],
          },
        ],
      });
    }
  }
  return out;
}
