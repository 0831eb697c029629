/**
 * Wires the collector to a database (ODDS_FEED=live in the server, `npm run collect` on its
 * own): each league's read through the ingest pipeline as source 'live' with the cross-book
 * kick-off tolerance (±15 min) as a whole read of that league (the book's matches it no longer
 * lists are withdrawn by it), withdrawals and health rows in the same database, an optional
 * recording. Also the replay of a recording into a database (ODDS_FEED=replay:DIR). In the
 * server the batches go through the odds service's queue (`ingest`); alerts follow the committed
 * batches from the price history in every API process, so nothing here tells them.
 */
import type { Db } from '../../../../core/db/connect';
import type { OddsSourcesConfig } from '../../../../core/odds-sources-config';
import { ingestBatch } from '../../ingest/ingest-pipeline';
import { CROSS_BOOK_TOLERANCE_MS } from '../cross-book-matcher';
import { BOOK_ADAPTERS } from '../index';
import { readSourceHealth, withdrawProviderPrices, writeSourceHealth } from '../source-health.repository';
import type { FeedBatch } from '../source-types';
import type { FetchLike } from './book-fetch';
import { Collector } from './collector';
import type { CollectorOptions } from './collector-options';
import { fileRecorder } from './recording';
import { type ReplaySummary, replayRecording } from './replay';

export interface LiveFeedOptions {
  now: () => number;
  /** Runs after each applied batch or withdrawal (the in-process snapshot rebuild). */
  afterChange?: () => Promise<void>;
  onError?: (error: unknown) => void;
  /** Applies one league's read instead of the pipeline directly (the server's queued odds service). */
  ingest?: LeagueIngest;
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** Test hooks: fetch, timers, randomness, retry and breaker timings. */
  overrides?: Partial<Omit<CollectorOptions, 'books' | 'ingest' | 'withdraw' | 'writeHealth' | 'now'>>;
}

/** Applies one read of one league (`competition`) as a whole read of it. */
type LeagueIngest = (batch: FeedBatch, competition: number) => Promise<void>;

export function liveIngest(db: Db, source: 'live' | 'replay', now: () => number): LeagueIngest {
  return (batch, competition) =>
    ingestBatch(db, batch, {
      source,
      now,
      matchToleranceMs: CROSS_BOOK_TOLERANCE_MS,
      leagues: [competition],
    }).then(() => undefined);
}

/** Builds the collector for the configured books; call `start()` (or `pollAll()` in tests). */
export async function createLiveCollector(
  db: Db,
  config: OddsSourcesConfig,
  options: LiveFeedOptions,
): Promise<Collector> {
  const ingest = options.ingest ?? liveIngest(db, 'live', options.now);
  const previousHealth = await readSourceHealth(db);
  const collector = new Collector({
    books: BOOK_ADAPTERS.filter((a) => config.sources.includes(a.id)),
    baseUrls: config.urls,
    leagueIds: config.leagues,
    pollMs: config.pollS * 1000,
    eventCallsPerPoll: config.eventCalls,
    now: options.now,
    previousHealth,
    ingest: async (batch, competition) => {
      await ingest(batch, competition);
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
  const summary = await replayRecording(dir, (batch, answer) => ingest(batch, answer.competition));
  if (summary.applied > 0) await options.afterChange?.();
  return summary;
}
