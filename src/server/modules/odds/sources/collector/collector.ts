/**
 * The live collector: polls each selected book's leagues and sends every
 * read through the book's parser and the one ingest pipeline.
 *
 * Per book and league a poll every `pollMs` with jitter; per request a timeout, retries with
 * exponential backoff and `Retry-After` (book-calls.ts); at most `maxInFlight` (2) requests per
 * book at a time (p-limit). A circuit breaker per book (cockatiel, book-state.ts): after
 * `breakerThreshold` (5) failed polls in a row the book is left alone and probed once every
 * `probeMs` (5 min) until a probe succeeds. A league whose last good read is older than `staleMs`
 * (15 min) has that book's prices withdrawn; other books never notice. Book quirks (a status in the
 * body, per-event calls, paging) are the adapters' declarations.
 */
import { competitionName } from '@shared/lookups';
import { isBrokenCircuitError } from 'cockatiel';
import { BOOK_ADAPTERS } from '../index';
import type { SourceHealthRow } from '../source-health.repository';
import { fetchBook } from './book-calls';
import { BROWSER_HEADERS } from './book-fetch';
import { type BookState, healthRow, type LeagueState, newBookState, offRow } from './book-state';
import { type CollectorOptions, type Settings, settingsOf } from './collector-options';
import { addEventDetails } from './event-details';
import { combinePages, describeProblems, type LeagueRead } from './league-read';

export type PollOutcome = 'ok' | 'failed' | 'skipped';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Collector {
  private readonly books = new Map<string, BookState>();
  private readonly o: Settings;
  private readonly startedAt: number;
  private readonly cancels = new Set<() => void>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;
  private pollSeq = 0;

  constructor(options: CollectorOptions) {
    this.o = settingsOf(options);
    this.startedAt = options.now();
    const previous = new Map((options.previousHealth ?? []).map((r) => [r.provider_id, r]));
    for (const adapter of options.books) {
      this.books.set(adapter.id, newBookState(adapter, this.o, previous.get(adapter.provider)));
    }
  }

  /** Starts the timers: each league's first poll spread over the first seconds, then every pollMs ± jitter. */
  start(): void {
    const { random, pollMs, jitter } = this.o;
    for (const book of this.books.values()) {
      for (const league of book.leagues) {
        const loop = () => {
          if (this.stopped) return;
          void this.track(
            this.pollLeague(book.adapter.id, league.competition)
              .then(() => this.withdrawStale())
              .catch((error: unknown) => this.o.onError?.(error))
              .finally(() => this.schedule(loop, pollMs * (1 + (random() * 2 - 1) * jitter))),
          );
        };
        this.schedule(loop, random() * Math.min(pollMs, 5_000));
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

  /**
   * Reads one league of one book (all pages) and applies it, through the book's breaker: while it is
   * open (or a probe of it is out and fails) the poll is skipped. Never throws.
   */
  async pollLeague(bookId: string, competition: number): Promise<PollOutcome> {
    const book = this.books.get(bookId);
    const league = book?.leagues.find((l) => l.competition === competition);
    if (!book || !league) return 'skipped';
    if (this.o.now() < book.notBefore) return 'skipped';
    let read: LeagueRead;
    try {
      read = await book.breaker.execute(() => this.readAndApply(book, league));
    } catch (error) {
      if (!isBrokenCircuitError(error)) this.o.onError?.(error);
      return 'skipped';
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
    } else {
      league.failing = true;
      book.lastError = `${competitionName(competition)}: ${read.error ?? 'failed'}`;
      book.failures += 1;
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
      return book ? healthRow(book, now, this.startedAt, this.o.staleMs) : offRow(adapter.provider, now);
    });
  }

  /** Writes every book's row, the unselected ones as 'off' (at start). */
  async saveAll(): Promise<void> {
    if (!this.o.writeHealth) return;
    for (const row of this.health()) await this.o.writeHealth(row);
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
        await write(healthRow(book, this.o.now(), this.startedAt, this.o.staleMs));
      } catch (error) {
        this.o.onError?.(error);
      }
    });
    return book.healthWrite;
  }

  /** One league read and, when good, its ingest; a failure of either is a read that is not ok. */
  private async readAndApply(book: BookState, league: LeagueState): Promise<LeagueRead> {
    let read: LeagueRead;
    try {
      read = await this.readLeague(book, league);
    } catch (error) {
      return { ...combinePages(book.adapter, []), error: messageOf(error) };
    }
    if (!read.ok) return read;
    try {
      await this.o.ingest(read.batch, league.competition, read.eventsWithoutDetail ?? []);
      return read;
    } catch (error) {
      this.o.onError?.(error);
      return { ...read, ok: false, error: `ingest: ${messageOf(error)}` };
    }
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
      const fetched = await fetchBook(this.o, book, request, poll);
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
    return read.ok ? addEventDetails(this.o, book, league.competition, read, poll) : read;
  }

  private schedule(fn: () => void, ms: number): void {
    if (this.stopped) return;
    const cancel = this.o.setTimer(() => {
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
