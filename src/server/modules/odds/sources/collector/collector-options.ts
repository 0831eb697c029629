/**
 * What a collector is given: the books, the timings of its polls, retries and breaker,
 * and the hooks that apply reads, withdraw prices and write health. Time, timers, randomness and fetch are
 * injected, so tests drive polls by hand and fast.
 */
import type { SourceHealthRow } from '../source-health.repository';
import type { BookAdapter, FeedBatch } from '../source-types';
import type { FetchLike } from './book-fetch';
import type { Recorder } from './recording';

export interface CollectorOptions {
  /** Books to poll (adapters); the others are reported 'off'. */
  books: readonly BookAdapter[];
  baseUrls?: Readonly<Record<string, string>>;
  leagueIds?: Readonly<Record<string, Readonly<Record<number, string | null>>>>;
  pollMs: number;
  /** Fraction of pollMs added or taken at random (default 0.1). */
  jitter?: number;
  timeoutMs?: number;
  /** Retries after the first try (default 2). */
  retries?: number;
  backoffMs?: number;
  /** A Retry-After longer than this is not waited for within a poll: the book is skipped until then. */
  maxRetryWaitMs?: number;
  breakerThreshold?: number;
  probeMs?: number;
  staleMs?: number;
  maxInFlight?: number;
  maxPages?: number;
  /**
   * Per-event calls (Bet9ja, NairaBet: markets the list call lacks) per book within one poll
   * interval (default 12); only matches kicking off within the next 7 days, each answer reused
   * until that event's entry in the list changes.
   */
  eventCallsPerPoll?: number;
  fetch?: FetchLike;
  now: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Schedules fn after ms; returns a cancel function. */
  setTimer?: (fn: () => void, ms: number) => () => void;
  random?: () => number;
  /**
   * Applies one league's batch as a whole read of `competition` (the ingest pipeline and a
   * snapshot rebuild); `eventsWithoutDetail` as in LeagueRead (their per-event markets stay).
   */
  ingest: (batch: FeedBatch, competition: number, eventsWithoutDetail: readonly string[]) => Promise<void>;
  /** Withdraws a book's prices of one competition; resolves with how many were withdrawn. */
  withdraw: (provider: number, competition: number, reason: string) => Promise<number>;
  /** Persists one book's health (the table API processes read). */
  writeHealth?: (row: SourceHealthRow) => Promise<void>;
  /** Health rows written before (a restart): the last good read of each league counts. */
  previousHealth?: readonly SourceHealthRow[];
  record?: Recorder;
  onError?: (error: unknown) => void;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

const DEFAULTS = {
  jitter: 0.1,
  timeoutMs: 15_000,
  retries: 2,
  backoffMs: 2_000,
  maxRetryWaitMs: 60_000,
  breakerThreshold: 5,
  probeMs: 5 * 60_000,
  staleMs: 15 * 60_000,
  maxInFlight: 2,
  maxPages: 10,
  eventCallsPerPoll: 12,
};

/** The options with every default filled in, and the real clock's sleep, timers, randomness and fetch. */
export type Settings = CollectorOptions &
  typeof DEFAULTS &
  Required<Pick<CollectorOptions, 'sleep' | 'setTimer' | 'random' | 'fetch'>>;

export function settingsOf(options: CollectorOptions): Settings {
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as CollectorOptions;
  return {
    ...DEFAULTS,
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    setTimer: (fn, delay) => {
      const timer = setTimeout(fn, delay);
      timer.unref();
      return () => clearTimeout(timer);
    },
    random: Math.random,
    fetch: globalThis.fetch as unknown as FetchLike,
    ...given,
  };
}
