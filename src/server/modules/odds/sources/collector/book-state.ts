/**
 * What the collector keeps per book and per league between polls, and the health row it makes of it
 *: the book's circuit breaker (cockatiel, on the collector's clock),
 * its Retry-After wait, its request limit (p-limit), the path it prefers, its per-event allowance and
 * cache, and each league's last good read.
 */
import { type CircuitBreakerPolicy, CircuitState, handleWhenResult } from 'cockatiel';
import pLimit from 'p-limit';
import { consecutiveBreaker } from '../../../../core/breaker';
import type { SourceHealthRow } from '../source-health.repository';
import type { BookAdapter, BookRequest, EventDetail } from '../source-types';
import { BROWSER_HEADERS } from './book-fetch';
import type { Settings } from './collector-options';
import type { LeagueRead } from './league-read';

export interface LeagueState {
  competition: number;
  request: BookRequest;
  events: number;
  prices: number;
  fetchedAt: number | null;
  lastSuccessAt: number | null;
  failing: boolean;
  withdrawn: boolean;
}

export interface BookState {
  adapter: BookAdapter;
  leagues: LeagueState[];
  /** Failed polls in a row (the health row's 'degraded'). */
  failures: number;
  /** Opens after breakerThreshold failed polls in a row; one probe every probeMs until one succeeds. */
  breaker: CircuitBreakerPolicy;
  /** Retry-After: no request to the book before this time. */
  notBefore: number;
  /** At most maxInFlight requests of the book at a time. */
  limit: pLimit.Limit;
  lastSuccessAt: number | null;
  lastError: string | null;
  latencyMs: number | null;
  healthWrite: Promise<void>;
  /** The book's other path answered where its first one was refused: ask that one first. */
  useFallback: boolean;
  /** Per-event answers by `<competition>|<event id>`, with the fingerprint of the list entry they go with. */
  eventCache: Map<string, { fingerprint: string; detail: EventDetail }>;
  /** Per-event calls made in the current poll interval, which started at eventWindowStart. */
  eventCalls: number;
  eventWindowStart: number;
}

export function newBookState(
  adapter: BookAdapter,
  settings: Settings,
  previous: SourceHealthRow | undefined,
): BookState {
  const requests = adapter.requests({
    baseUrl: settings.baseUrls?.[adapter.id],
    leagueIds: settings.leagueIds?.[adapter.id],
    headers: BROWSER_HEADERS,
  });
  const before = previousLeagues(previous);
  const breaker = consecutiveBreaker({
    now: settings.now,
    threshold: settings.breakerThreshold,
    halfOpenAfterMs: settings.probeMs,
    handle: handleWhenResult((read) => !(read as LeagueRead).ok),
  });
  const book: BookState = {
    adapter,
    leagues: requests.map((request) => ({
      competition: request.competition,
      request,
      events: 0,
      prices: 0,
      fetchedAt: before.get(request.competition) ?? null,
      lastSuccessAt: before.get(request.competition) ?? null,
      failing: false,
      withdrawn: false,
    })),
    failures: 0,
    breaker,
    notBefore: 0,
    limit: pLimit(Math.max(1, settings.maxInFlight)),
    lastSuccessAt: previous?.last_success_at ?? null,
    lastError: null,
    latencyMs: null,
    healthWrite: Promise.resolve(),
    useFallback: false,
    eventCache: new Map(),
    eventCalls: 0,
    eventWindowStart: Number.NEGATIVE_INFINITY,
  };
  breaker.onBreak(() => settings.log?.(`${adapter.name}: circuit breaker open`, { failures: book.failures }));
  return book;
}

export function healthRow(book: BookState, now: number, since: number, staleMs: number): SourceHealthRow {
  const stale = book.leagues.some((l) => l.failing && now - (l.lastSuccessAt ?? since) > staleMs);
  const state =
    book.breaker.state !== CircuitState.Closed || stale
      ? 'down'
      : book.failures > 0 || book.leagues.some((l) => l.failing) || book.lastSuccessAt === null
        ? 'degraded'
        : 'ok';
  return {
    provider_id: book.adapter.provider,
    state,
    last_success_at: book.lastSuccessAt,
    last_error: book.lastError,
    latency_ms: book.latencyMs,
    leagues: JSON.stringify(
      book.leagues.map((l) => ({
        competitionId: l.competition,
        events: l.events,
        prices: l.prices,
        fetchedAt: l.fetchedAt === null ? null : new Date(l.fetchedAt).toISOString(),
      })),
    ),
    updated_at: now,
  };
}

export function offRow(provider: number, now: number): SourceHealthRow {
  return {
    provider_id: provider,
    state: 'off',
    last_success_at: null,
    last_error: null,
    latency_ms: null,
    leagues: '[]',
    updated_at: now,
  };
}

function previousLeagues(row: SourceHealthRow | undefined): Map<number, number> {
  const out = new Map<number, number>();
  if (!row) return out;
  try {
    for (const l of JSON.parse(row.leagues) as Array<{ competitionId: number; fetchedAt: string | null }>) {
      const at = l.fetchedAt ? Date.parse(l.fetchedAt) : NaN;
      if (Number.isFinite(at)) out.set(l.competitionId, at);
    }
  } catch {
    // An unreadable row only loses the restart's memory of the last good read.
  }
  return out;
}
