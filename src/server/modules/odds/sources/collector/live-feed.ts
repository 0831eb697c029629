/**
 * Wires the collector to a database (ODDS_FEED=live in the server, `npm run collect` on its
 * own): each league's batch through the ingest pipeline as source 'live' with the cross-book
 * kick-off tolerance (±15 min), withdrawals and health rows in the same database, an optional
 * recording. Also the replay of a recording into a database (ODDS_FEED=replay:DIR).
 */
import type { Db } from '../../../../core/db/connect';
import type { OddsSourcesConfig } from '../../../../core/odds-sources-config';
import { ingestBatch, type PricesCommitted } from '../../ingest/ingest-pipeline';
import { CROSS_BOOK_TOLERANCE_MS } from '../cross-book-matcher';
import { BOOK_ADAPTERS } from '../index';
import { readSourceHealth, withdrawProviderPrices, writeSourceHealth } from '../source-health.repository';
import type { FeedBatch } from '../source-types';
import type { FetchLike } from './book-fetch';
import { Collector, type CollectorOptions } from './collector';
import { fileRecorder } from './recording';
import { type ReplaySummary, replayRecording } from './replay';

export interface LiveFeedOptions {
  now: () => number;
  /** Runs after each applied batch or withdrawal (the in-process snapshot rebuild). */
  afterChange?: () => Promise<void>;
  onError?: (error: unknown) => void;
  /** Told each applied batch's changed prices (the odds service's listeners). */
  afterCommit?: PricesCommitted;
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** Test hooks: fetch, timers, randomness, retry and breaker timings. */
  overrides?: Partial<Omit<CollectorOptions, 'books' | 'ingest' | 'withdraw' | 'writeHealth' | 'now'>>;
}

export function liveIngest(db: Db, source: 'live' | 'replay', now: () => number, afterCommit?: PricesCommitted) {
  return (batch: FeedBatch) =>
    ingestBatch(db, batch, { source, now, matchToleranceMs: CROSS_BOOK_TOLERANCE_MS, afterCommit }).then(
      () => undefined,
    );
}

/** Builds the collector for the configured books; call `start()` (or `pollAll()` in tests). */
export async function createLiveCollector(
  db: Db,
  config: OddsSourcesConfig,
  options: LiveFeedOptions,
): Promise<Collector> {
  const ingest = liveIngest(db, 'live', options.now, options.afterCommit);
  const previousHealth = await readSourceHealth(db);
  const collector = new Collector({
    books: BOOK_ADAPTERS.filter((a) => config.sources.includes(a.id)),
    baseUrls: config.urls,
    leagueIds: config.leagues,
    pollMs: config.pollS * 1000,
    eventCallsPerPoll: config.eventCalls,
    now: options.now,
    previousHealth,
    ingest: async (batch) => {
      await ingest(batch);
      await options.afterChange?.();
    },
    withdraw: async (provider, competition, reason) => {
      const n = await withdrawProviderPrices(db, { provider, competition, now: options.now(), reason });
      if (n > 0) await options.afterChange?.();
      return n;
    },
    writeHealth: (row) => writeSourceHealth(db, row),
    record: config.recordDir ? fileRecorder(config.recordDir) : undefined,
    onError: options.onError,
    log: options.log,
    fetch: (options.overrides?.fetch ?? globalThis.fetch) as FetchLike,
    ...options.overrides,
  });
  await collector.saveAll();
  return collector;
}

/** Plays a recording into the database as source 'replay'. */
export async function replayInto(
  db: Db,
  dir: string,
  options: { now: () => number; afterChange?: () => Promise<void> },
): Promise<ReplaySummary> {
  const ingest = liveIngest(db, 'replay', options.now);
  const summary = await replayRecording(dir, (batch) => ingest(batch));
  if (summary.applied > 0) await options.afterChange?.();
  return summary;
}
