/**
 * The live collector (docs/sources.md): polls each selected book's leagues and sends every
 * read through the book's parser and the one ingest pipeline.
 *
 * Per book and league a poll every `pollMs` with jitter; per request a timeout, retries with
 * exponential backoff on no answer, 429 and 5xx, and `Retry-After` honoured on 429/503 (the
 * whole book waits that long). At most `maxInFlight` (2) requests per book at a time. A circuit
 * breaker per book: after `breakerThreshold` (5) failed polls in a row the book is left alone
 * and probed once every `probeMs` (5 min) until a probe succeeds. A league whose last good read
 * is older than `staleMs` (15 min) has that book's prices withdrawn; other books never notice.
 *
 * Time, timers, randomness and fetch are injected, so tests drive polls by hand and fast. The
 * request limit is p-limit's; retry, backoff and the breaker stay here because they run on the
 * injected clock and sleep (the resilience libraries read the real clock and timers).
 *
 * Over 300 lines because one poll's state (a book's breaker, Retry-After wait, preferred path,
 * per-event allowance and cache, and each league's last good read) is read and written by every
 * step of the poll; split apart, each step would take and return that whole state.
 */
import { competitionName } from '@shared/lookups';
import pLimit from 'p-limit';
import { BOOK_ADAPTERS } from '../index';
import type { BookAdapter, BookRequest, EventDetail, FeedBatch } from '../source-types';
import { BROWSER_HEADERS, type FetchLike, type RawAnswer, fetchAnswer, isRetryable, retryAfterMs } from './book-fetch';
import { EVENT_CALL_HORIZON_MS, fingerprintOf, withDetail } from './event-details';
import { combinePages, describeProblems, type LeagueRead } from './league-read';
import { type Recorder, recordedAnswer } from './recording';
import type { SourceHealthRow } from '../source-health.repository';

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

interface LeagueState {
  competition: number;
  request: BookRequest;
  events: number;
  prices: number;
  fetchedAt: number | null;
  lastSuccessAt: number | null;
  failing: boolean;
  withdrawn: boolean;
}

interface BookState {
  adapter: BookAdapter;
  leagues: LeagueState[];
  failures: number;
  /** Breaker open: next probe due at this time; null when closed. */
  probeAt: number | null;
  probing: boolean;
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

export type PollOutcome = 'ok' | 'failed' | 'skipped';

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

export class Collector {
  private readonly books = new Map<string, BookState>();
  private readonly o: CollectorOptions & typeof DEFAULTS;
  private readonly startedAt: number;
  private readonly cancels = new Set<() => void>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;
  private pollSeq = 0;

  constructor(options: CollectorOptions) {
    this.o = { ...DEFAULTS, ...stripUndefined(options) } as CollectorOptions & typeof DEFAULTS;
    this.startedAt = options.now();
    const previous = new Map((options.previousHealth ?? []).map((r) => [r.provider_id, r]));
    for (const adapter of options.books) {
      const requests = adapter.requests({
        baseUrl: options.baseUrls?.[adapter.id],
        leagueIds: options.leagueIds?.[adapter.id],
        headers: BROWSER_HEADERS,
      });
      const before = previousLeagues(previous.get(adapter.provider));
      this.books.set(adapter.id, {
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
        probeAt: null,
        probing: false,
        notBefore: 0,
        limit: pLimit(Math.max(1, this.o.maxInFlight)),
        lastSuccessAt: previous.get(adapter.provider)?.last_success_at ?? null,
        lastError: null,
        latencyMs: null,
        healthWrite: Promise.resolve(),
        useFallback: false,
        eventCache: new Map(),
        eventCalls: 0,
        eventWindowStart: Number.NEGATIVE_INFINITY,
      });
    }
  }

  /** Starts the timers: each league's first poll spread over the first seconds, then every pollMs ± jitter. */
  start(): void {
    const random = this.o.random ?? Math.random;
    for (const book of this.books.values()) {
      for (const league of book.leagues) {
        const loop = () => {
          if (this.stopped) return;
          void this.track(
            this.pollLeague(book.adapter.id, league.competition)
              .then(() => this.withdrawStale())
              .catch((error: unknown) => this.o.onError?.(error))
              .finally(() => this.schedule(loop, this.o.pollMs * (1 + (random() * 2 - 1) * this.o.jitter))),
          );
        };
        this.schedule(loop, random() * Math.min(this.o.pollMs, 5_000));
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
    await Promise.allSettled([...this.running]);
  }

  /** One poll of every league of every book (tests, the first round), then withdrawals. */
  async pollAll(): Promise<void> {
    const polls: Array<Promise<PollOutcome>> = [];
    for (const book of this.books.values()) {
      for (const league of book.leagues) polls.push(this.pollLeague(book.adapter.id, league.competition));
    }
    await Promise.all(polls);
    await this.withdrawStale();
  }

  /** Reads one league of one book (all pages) and applies it; never throws. */
  async pollLeague(bookId: string, competition: number): Promise<PollOutcome> {
    const book = this.books.get(bookId);
    const league = book?.leagues.find((l) => l.competition === competition);
    if (!book || !league) return 'skipped';
    const now = this.o.now();
    if (now < book.notBefore) return 'skipped';
    if (book.probeAt !== null) {
      if (book.probing || now < book.probeAt) return 'skipped';
      book.probing = true;
    }
    let read: LeagueRead;
    try {
      read = await this.readLeague(book, league);
    } catch (error) {
      read = { ...combinePages(book.adapter, []), error: error instanceof Error ? error.message : String(error) };
    }
    if (read.ok) {
      try {
        await this.o.ingest(read.batch, competition, read.eventsWithoutDetail ?? []);
      } catch (error) {
        this.o.onError?.(error);
        read = { ...read, ok: false, error: `ingest: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
    const at = this.o.now();
    if (read.ok) {
      league.events = read.events;
      league.prices = read.prices;
      league.fetchedAt = Date.parse(read.batch.fetchedAt);
      league.lastSuccessAt = at;
      league.failing = false;
      league.withdrawn = false;
      book.lastSuccessAt = at;
      book.failures = 0;
      book.probeAt = null;
      book.probing = false;
    } else {
      league.failing = true;
      book.lastError = `${competitionName(competition)}: ${read.error ?? 'failed'}`;
      book.failures += 1;
      book.probing = false;
      if (book.probeAt !== null || book.failures >= this.o.breakerThreshold) {
        if (book.probeAt === null)
          this.o.log?.(`${book.adapter.name}: circuit breaker open`, { failures: book.failures });
        book.probeAt = at + this.o.probeMs;
      }
    }
    await this.saveHealth(book);
    return read.ok ? 'ok' : 'failed';
  }

  /** Withdraws the prices of every league whose last good read is older than staleMs. */
  async withdrawStale(): Promise<void> {
    const now = this.o.now();
    for (const book of this.books.values()) {
      let changed = false;
      for (const league of book.leagues) {
        const since = league.lastSuccessAt ?? this.startedAt;
        if (league.withdrawn || now - since <= this.o.staleMs) continue;
        const minutes = Math.round((now - since) / 60_000);
        const reason = `withdrawn: no good answer from ${book.adapter.name} for ${competitionName(league.competition)} in ${minutes} min`;
        try {
          const n = await this.o.withdraw(book.adapter.provider, league.competition, reason);
          league.withdrawn = true;
          league.events = 0;
          league.prices = 0;
          changed = true;
          if (n > 0) this.o.log?.(reason, { prices: n });
        } catch (error) {
          this.o.onError?.(error);
        }
      }
      if (changed) await this.saveHealth(book);
    }
  }

  /** Health of every book (the selected ones from this collector's state, the others 'off'). */
  health(): SourceHealthRow[] {
    const now = this.o.now();
    return BOOK_ADAPTERS.map((adapter) => {
      const book = this.books.get(adapter.id);
      return book ? this.healthRow(book, now) : offRow(adapter.provider, now);
    });
  }

  /** Writes every book's row, the unselected ones as 'off' (at start). */
  async saveAll(): Promise<void> {
    if (!this.o.writeHealth) return;
    for (const row of this.health()) await this.o.writeHealth(row);
  }

  private healthRow(book: BookState, now: number): SourceHealthRow {
    const stale = book.leagues.some((l) => l.failing && now - (l.lastSuccessAt ?? this.startedAt) > this.o.staleMs);
    const state =
      book.probeAt !== null || stale
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

  /**
   * Writes one book's row. Writes of a book go one after another, each taking the state when
   * its turn comes: concurrent upserts on a connection pool could otherwise land out of order
   * and leave an older row behind.
   */
  private saveHealth(book: BookState): Promise<void> {
    const write = this.o.writeHealth;
    if (!write) return Promise.resolve();
    book.healthWrite = book.healthWrite.then(async () => {
      try {
        await write(this.healthRow(book, this.o.now()));
      } catch (error) {
        this.o.onError?.(error);
      }
    });
    return book.healthWrite;
  }

  private async readLeague(book: BookState, league: LeagueState): Promise<LeagueRead> {
    const poll = `${book.adapter.id}-c${league.competition}-${++this.pollSeq}`;
    const pages = [];
    for (let page = 1; page <= this.o.maxPages; page += 1) {
      const request =
        page === 1
          ? league.request
          : book.adapter.request(league.competition, {
              baseUrl: this.o.baseUrls?.[book.adapter.id],
              leagueIds: this.o.leagueIds?.[book.adapter.id],
              headers: BROWSER_HEADERS,
              page,
            });
      if (!request) break;
      const fetched = await this.fetchBook(book, request, poll);
      if ('failure' in fetched) return { ...combinePages(book.adapter, []), error: fetched.failure };
      const { answer } = fetched;
      const parsed = book.adapter.parse(
        { status: answer.status, headers: answer.headers, body: answer.body },
        { competition: league.competition, fetchedAt: answer.receivedAt },
      );
      pages.push(parsed);
      if (!parsed.ok || !parsed.hasMore) break;
    }
    const read = combinePages(book.adapter, pages);
    if (!read.ok && read.error === null) return { ...read, error: describeProblems(read.problems) };
    return read.ok ? this.addEventDetails(book, league.competition, read, poll) : read;
  }

  /**
   * The per-event calls of one league read (books with one): for each match kicking off within
   * EVENT_CALL_HORIZON_MS, the cached answer while its list entry is unchanged, else a call while
   * the book's allowance for this poll interval lasts. The answer's markets replace the list's
   * markets of the same id. Events left without (allowance spent, call failed) are named in
   * `eventsWithoutDetail`: their per-event markets are not in this read.
   */
  private async addEventDetails(
    book: BookState,
    competition: number,
    read: LeagueRead,
    poll: string,
  ): Promise<LeagueRead> {
    const adapter = book.adapter;
    if (!adapter.eventRequest || !adapter.parseEvent) return read;
    const now = this.o.now();
    const keyOf = (id: string) => `${competition}|${id}`;
    const listed = new Set(read.batch.events.map((e) => keyOf(e.externalId)));
    for (const key of book.eventCache.keys()) {
      if (key.startsWith(`${competition}|`) && !listed.has(key)) book.eventCache.delete(key);
    }
    const wanted = read.batch.events
      .map((event) => ({ event, at: Date.parse(event.kickoff) }))
      .filter(({ at }) => at > now && at <= now + EVENT_CALL_HORIZON_MS)
      .sort((a, b) => a.at - b.at);
    const details = new Map<string, EventDetail>();
    const without: string[] = [];
    let refused = false;
    for (const { event } of wanted) {
      const key = keyOf(event.externalId);
      const fingerprint = fingerprintOf(event);
      const cached = book.eventCache.get(key);
      if (cached?.fingerprint === fingerprint) {
        details.set(event.externalId, cached.detail);
        continue;
      }
      book.eventCache.delete(key);
      const request = refused
        ? undefined
        : adapter.eventRequest(
            { competition, externalId: event.externalId },
            { baseUrl: this.o.baseUrls?.[adapter.id], headers: BROWSER_HEADERS },
          );
      if (!request || !this.takeEventCall(book)) {
        without.push(event.externalId);
        continue;
      }
      const fetched = await this.fetchBook(book, request, poll, { retries: 0, record: false });
      const detail =
        'failure' in fetched
          ? undefined
          : adapter.parseEvent(
              { status: fetched.answer.status, headers: fetched.answer.headers, body: fetched.answer.body },
              { competition, fetchedAt: fetched.answer.receivedAt, externalId: event.externalId },
            );
      if (!detail?.ok) {
        without.push(event.externalId);
        // A refused per-event call is the book pushing back: no more of them this poll.
        refused = refused || (detail?.problems.some((p) => p.code === 'blocked') ?? false);
        continue;
      }
      book.eventCache.set(key, { fingerprint, detail });
      details.set(event.externalId, detail);
    }
    if (without.length > 0) {
      this.o.log?.(`${adapter.name}: per-event markets missing for ${without.length} match(es) this poll`, {
        competition,
      });
    }
    const events = read.batch.events.map((event) => {
      const detail = details.get(event.externalId);
      return detail ? withDetail(event, detail) : event;
    });
    const prices = events.reduce((n, e) => n + e.markets.reduce((m, k) => m + k.prices.length, 0), 0);
    return { ...read, batch: { ...read.batch, events }, prices, eventsWithoutDetail: without };
  }

  /** Counts one per-event call against the book's allowance of the current poll interval; false when spent. */
  private takeEventCall(book: BookState): boolean {
    const now = this.o.now();
    if (now - book.eventWindowStart >= this.o.pollMs) {
      book.eventWindowStart = now;
      book.eventCalls = 0;
    }
    if (book.eventCalls >= this.o.eventCallsPerPoll) return false;
    book.eventCalls += 1;
    return true;
  }

  /**
   * One request at the book's preferred path; when that path is refused (403, a challenge page,
   * an empty body) and the book has another, that one is asked, and kept to while it answers.
   */
  private async fetchBook(
    book: BookState,
    request: BookRequest,
    poll: string,
    options: { retries?: number; record?: boolean } = {},
  ): Promise<{ answer: RawAnswer } | { failure: string }> {
    const first =
      book.useFallback && request.fallbackUrl
        ? { ...request, url: request.fallbackUrl, fallbackUrl: request.url }
        : request;
    const answer = await this.fetchWithRetries(book, first, poll, options);
    if (!first.fallbackUrl || !('answer' in answer) || !isRefused(answer.answer)) return answer;
    const second = await this.fetchWithRetries(book, { ...first, url: first.fallbackUrl }, poll, options);
    if ('answer' in second && !isRefused(second.answer)) {
      // Set, not toggled: polls of several leagues may find the same refusal at once.
      book.useFallback = first.fallbackUrl === request.fallbackUrl;
      this.o.log?.(
        `${book.adapter.name}: ${new URL(first.url).pathname} refused, ${new URL(first.fallbackUrl).pathname} answers`,
      );
    }
    return second;
  }

  /** One request with retries; the final answer, or why there is none worth parsing. */
  private async fetchWithRetries(
    book: BookState,
    request: BookRequest,
    poll: string,
    options: { retries?: number; record?: boolean } = {},
  ): Promise<{ answer: RawAnswer } | { failure: string }> {
    const retries = options.retries ?? this.o.retries;
    const sleep = this.o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const random = this.o.random ?? Math.random;
    const fetchImpl = this.o.fetch ?? (globalThis.fetch as unknown as FetchLike);
    for (let attempt = 1; ; attempt += 1) {
      const answer = await book.limit(() =>
        fetchAnswer(fetchImpl, request, { timeoutMs: this.o.timeoutMs, now: this.o.now }),
      );
      if (options.record !== false) {
        this.o.record?.(
          recordedAnswer(answer, {
            book: book.adapter.id,
            provider: book.adapter.provider,
            competition: request.competition,
            leagueId: request.leagueId,
            page: request.page,
            attempt,
            poll,
          }),
        );
      }
      if (answer.error === undefined) book.latencyMs = answer.latencyMs;
      if (!isRetryable(answer)) return { answer };
      const why = answer.error ?? `HTTP ${answer.status}`;
      const after =
        answer.status === 429 || answer.status === 503
          ? retryAfterMs(answer.headers['retry-after'], this.o.now())
          : undefined;
      if (after !== undefined) book.notBefore = Math.max(book.notBefore, this.o.now() + after);
      if (book.adapter.statusInBody && answer.error === undefined && answer.status !== 429) {
        if (answer.body.trim().startsWith('{')) return { answer };
      }
      if (attempt > retries) return { failure: `${why} after ${attempt} tries` };
      if (after !== undefined && after > this.o.maxRetryWaitMs) {
        return { failure: `${why}, Retry-After ${Math.round(after / 1000)} s` };
      }
      const backoff = this.o.backoffMs * 2 ** (attempt - 1) * (1 + random() * this.o.jitter);
      await sleep(Math.max(after ?? 0, backoff));
    }
  }

  private schedule(fn: () => void, ms: number): void {
    if (this.stopped) return;
    const setTimer =
      this.o.setTimer ??
      ((f: () => void, delay: number) => {
        const timer = setTimeout(f, delay);
        timer.unref();
        return () => clearTimeout(timer);
      });
    const cancel = setTimer(() => {
      this.cancels.delete(cancel);
      fn();
    }, ms);
    this.cancels.add(cancel);
  }

  private track(promise: Promise<unknown>): void {
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
  }
}

function offRow(provider: number, now: number): SourceHealthRow {
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

/** An anti-bot answer: refused (401/403), a challenge page, or an empty body where JSON was due. */
function isRefused(answer: RawAnswer): boolean {
  if (answer.error !== undefined) return false;
  if (answer.status === 401 || answer.status === 403) return true;
  const body = answer.body.trim();
  return (answer.status >= 200 && answer.status < 300 && body === '') || /^<(!doctype html|html|head|body)/i.test(body);
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
