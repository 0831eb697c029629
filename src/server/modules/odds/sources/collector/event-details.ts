/**
 * The per-event calls (books whose list call lacks markets): which matches are asked (kick-off
 * within EVENT_CALL_HORIZON_MS), when a cached answer still holds (the list entry's fingerprint),
 * the book's allowance per poll interval, and how an answer joins the list's event.
 */
import { createHash } from 'node:crypto';
import type { EventDetail, FeedEvent } from '../source-types';
import { fetchBook } from './book-calls';
import { BROWSER_HEADERS } from './book-fetch';
import type { BookState } from './book-state';
import type { Settings } from './collector-options';
import type { LeagueRead } from './league-read';

/** Per-event calls are made only for matches kicking off within this time from now. */
const EVENT_CALL_HORIZON_MS = 7 * 24 * 3600_000;

/** What identifies an event's entry in the list: its kick-off and list prices (a per-event answer is reused while it holds). */
function fingerprintOf(event: FeedEvent): string {
  return createHash('sha1')
    .update(JSON.stringify([event.kickoff, event.markets]))
    .digest('base64');
}

/** The list's event with the per-event call's markets (replacing the list's of the same id) and Sportradar id. */
function withDetail(event: FeedEvent, detail: EventDetail): FeedEvent {
  const byMarket = new Map(event.markets.map((m) => [m.market, m]));
  for (const market of detail.markets) byMarket.set(market.market, market);
  return {
    ...event,
    ...(event.sportradarId === undefined && detail.sportradarId !== undefined
      ? { sportradarId: detail.sportradarId }
      : {}),
    markets: [...byMarket.values()].sort((a, b) => a.market - b.market),
  };
}

/**
 * The per-event calls of one league read (books with one): for each match kicking off within
 * EVENT_CALL_HORIZON_MS, the cached answer while its list entry is unchanged, else a call while
 * the book's allowance for this poll interval lasts. The answer's markets replace the list's
 * markets of the same id. Events left without (allowance spent, call failed) are named in
 * `eventsWithoutDetail`: their per-event markets are not in this read.
 */
export async function addEventDetails(
  settings: Settings,
  book: BookState,
  competition: number,
  read: LeagueRead,
  poll: string,
): Promise<LeagueRead> {
  const adapter = book.adapter;
  if (!adapter.eventRequest || !adapter.parseEvent) return read;
  const now = settings.now();
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
          { baseUrl: settings.baseUrls?.[adapter.id], headers: BROWSER_HEADERS },
        );
    if (!request || !takeEventCall(settings, book)) {
      without.push(event.externalId);
      continue;
    }
    const fetched = await fetchBook(settings, book, request, poll, { retries: 0, record: false });
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
    settings.log?.(`${adapter.name}: per-event markets missing for ${without.length} match(es) this poll`, {
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
function takeEventCall(settings: Settings, book: BookState): boolean {
  const now = settings.now();
  if (now - book.eventWindowStart >= settings.pollMs) {
    book.eventWindowStart = now;
    book.eventCalls = 0;
  }
  if (book.eventCalls >= settings.eventCallsPerPoll) return false;
  book.eventCalls += 1;
  return true;
}
