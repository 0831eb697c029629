/** Helpers of the odds benchmark: a database, demo batches, timing, memory and gc. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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

/** RSS and heap in MB after a full garbage collection. */
export function memory(): { rssMb: number; heapMb: number } {
  gc();
  const m = process.memoryUsage();
  return { rssMb: m.rss / 2 ** 20, heapMb: m.heapUsed / 2 ** 20 };
}

export const fmt = (n: number, digits = 0) => n.toFixed(digits);
