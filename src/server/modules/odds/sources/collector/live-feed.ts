/**
 * Wires the collector to the odds service (ODDS_FEED=live in the server, `npm run collect` on its
 * own): each league's read goes through the service as source 'live' with the cross-book kick-off
 * tolerance (±15 min) as a whole read of that league (the book's prices it no longer lists are
 * withdrawn by it, but for per-event markets not read this poll), a stale league's withdrawal through the service too, health rows in the same
 * database, an optional recording. Also the replay of a recording (ODDS_FEED=replay:DIR). Without a
 * service given (the scripts, tests) one without the read side is made on the database: API processes
 * pick the batches up by the odds version; in the server the service rebuilds its snapshot and tells
 * the alerts after each batch.
 */
import type { Db } from '../../../../core/db/connect';
import type { OddsSourcesConfig } from '../../../../core/odds-sources-config';
import { OddsService } from '../../odds.service';
import { CROSS_BOOK_TOLERANCE_MS } from '../cross-book-matcher';
import { BOOK_ADAPTERS } from '../index';
import { readSourceHealth, writeSourceHealth } from '../source-health.repository';
import type { FetchLike } from './book-fetch';
import { Collector } from './collector';
import type { CollectorOptions } from './collector-options';
import { fileRecorder } from './recording';
import { type ReplaySummary, replayRecording } from './replay';

export interface LiveFeedOptions {
  now: () => number;
  /** The process's odds service (the server's); by default one without the read side on `db`. */
  service?: OddsService;
  onError?: (error: unknown) => void;
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** Test hooks: fetch, timers, randomness, retry and breaker timings. */
  overrides?: Partial<Omit<CollectorOptions, 'books' | 'ingest' | 'withdraw' | 'writeHealth' | 'now'>>;
}

const writer = (db: Db, now: () => number) => new OddsService(db, { now, readSide: false });

/** Builds the collector for the configured books; call `start()` (or `pollAll()` in tests). */
export async function createLiveCollector(
  db: Db,
  config: OddsSourcesConfig,
  options: LiveFeedOptions,
): Promise<Collector> {
  const service = options.service ?? writer(db, options.now);
  const previousHealth = await readSourceHealth(db);
  const collector = new Collector({
    books: BOOK_ADAPTERS.filter((a) => config.sources.includes(a.id)),
    baseUrls: config.urls,
    leagueIds: config.leagues,
    pollMs: config.pollS * 1000,
    eventCallsPerPoll: config.eventCalls,
    now: options.now,
    previousHealth,
    ingest: async (batch, competition, eventsWithoutDetail) => {
      await service.ingest(batch, 'live', {
        leagues: [competition],
        eventsWithoutDetail,
        matchToleranceMs: CROSS_BOOK_TOLERANCE_MS,
      });
    },
    withdraw: (provider, competition, reason) => service.withdraw(provider, competition, reason),
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

/** Plays a recording through the odds service as source 'replay', each poll a whole read of its league. */
export async function replayInto(
  db: Db,
  dir: string,
  options: { now: () => number; service?: OddsService },
): Promise<ReplaySummary> {
  const service = options.service ?? writer(db, options.now);
  return replayRecording(dir, async (batch, answer, eventsWithoutDetail) => {
    await service.ingest(batch, 'replay', {
      leagues: [answer.competition],
      eventsWithoutDetail,
      matchToleranceMs: CROSS_BOOK_TOLERANCE_MS,
    });
  });
}
