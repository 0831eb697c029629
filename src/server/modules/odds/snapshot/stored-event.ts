/** An event as the read snapshot holds it between rebuilds, and how a re-read brings it up to date. */
import { type CurrentPrice, idsKey } from '../current-price';
import { bookReadKey } from '../versions.repository';
import type { UpcomingEvent } from '../upcoming-event';
import type { ListedEvent } from './country-listing';
import { FRESH_PRICE_MS, type StaleBook } from './odds-view';

export interface StoredEvent {
  event: UpcomingEvent;
  /**
   * Every current price of the event by market: one price per book and selection, in no set order.
   * A market's view is computed from its list as it stands, so a rebuild that computes again only
   * the markets that changed never walks the others' prices.
   */
  markets: Map<number, CurrentPrice[]>;
  /** The earliest moment its view changes by time alone (a flag ages out, kick-off). */
  nextChangeAt: number;
  /** Per market, the earliest moment one of its flags ages out (Infinity: none will), as last computed. */
  agesOut: Map<number, number>;
  /** Where it is listed (a priced, upcoming, scheduled event), with its country. */
  listed: { countryId: number; item: ListedEvent } | null;
  /**
   * The markets whose prices changed since its view was last computed; null: the whole view is
   * computed again (a new event, its row changed, time changed it).
   */
  changed: Set<number> | null;
}

const samePrice = (a: CurrentPrice, b: CurrentPrice) =>
  a.value === b.value &&
  a.previousValue === b.previousValue &&
  a.changedAt === b.changedAt &&
  a.boosted === b.boosted &&
  a.regularValue === b.regularValue;

/** Whether anything of the event's own row that its view shows changed. */
const moved = (a: UpcomingEvent, b: UpcomingEvent) =>
  a.kickoffAt !== b.kickoffAt ||
  a.home !== b.home ||
  a.away !== b.away ||
  a.competitionId !== b.competitionId ||
  a.countryId !== b.countryId ||
  a.source !== b.source;

const sameSlot = (a: CurrentPrice, b: CurrentPrice) => a.providerId === b.providerId && a.selectionId === b.selectionId;

/**
 * Prices by market, one per book and selection (the later of two for the same one); each list
 * made at its exact length (one grown by push reserves room for more, and the store holds tens of
 * thousands of them).
 */
function byMarketOf(prices: readonly CurrentPrice[]): Map<number, CurrentPrice[]> {
  const markets = new Map<number, CurrentPrice[]>();
  for (const p of prices) put(markets, p);
  for (const [marketId, list] of markets) markets.set(marketId, list.slice());
  return markets;
}

/**
 * A price as the snapshot holds it: the fields its views read, made by one literal, so that every
 * held price has one shape. Prices come from the database's rows and from the ingest's own (with
 * its `ref`, which no view reads and no answer may carry); computing views over prices of mixed
 * shapes took about three times as long per market in a micro-benchmark of `eventView`.
 */
const heldPrice = (p: CurrentPrice): CurrentPrice => ({
  eventId: p.eventId,
  marketId: p.marketId,
  providerId: p.providerId,
  selectionId: p.selectionId,
  value: p.value,
  previousValue: p.previousValue,
  changedAt: p.changedAt,
  boosted: p.boosted,
  regularValue: p.regularValue,
});

/**
 * Puts a price in its market's list: written into the held price of its book and selection, or
 * added as a copy ({@link heldPrice}); whether anything a view shows of it changed. Held prices
 * are the snapshot's own and no view refers to one (a view copies what it shows), so a batch's
 * prices are written in place: a batch moving 36,000 prices makes no new object for them.
 */
function put(markets: Map<number, CurrentPrice[]>, price: CurrentPrice): boolean {
  const list = markets.get(price.marketId);
  if (!list) {
    markets.set(price.marketId, [heldPrice(price)]);
    return true;
  }
  for (let i = 0; i < list.length; i += 1) {
    const held = list[i] as CurrentPrice;
    if (sameSlot(held, price)) {
      if (samePrice(held, price)) return false;
      held.value = price.value;
      held.previousValue = price.previousValue;
      held.changedAt = price.changedAt;
      held.boosted = price.boosted;
      held.regularValue = price.regularValue;
      return true;
    }
  }
  list.push(heldPrice(price));
  return true;
}

export function storedEvent(event: UpcomingEvent, prices: readonly CurrentPrice[]): StoredEvent {
  return {
    event,
    markets: byMarketOf(prices),
    nextChangeAt: Infinity,
    agesOut: new Map(),
    listed: null,
    changed: null,
  };
}

/**
 * Brings a held event up to date with its re-read row and the re-read prices of `providers` (all
 * of its prices when undefined): their prices replace the held ones, a price of theirs no longer
 * stored is gone. True when anything its view is made of changed.
 */
export function mergeRow(
  held: StoredEvent,
  event: UpcomingEvent,
  prices: readonly CurrentPrice[],
  providers: readonly number[] | undefined,
): boolean {
  let changed = moved(held.event, event);
  if (changed) held.changed = null;
  held.event = event;
  const reread = providers ? new Set(providers) : null;
  const next = byMarketOf(prices);
  for (const [marketId, list] of held.markets) {
    const after = next.get(marketId);
    for (const p of list) {
      if (reread && !reread.has(p.providerId)) {
        put(next, p);
        continue;
      }
      const now = after?.find((a) => sameSlot(a, p));
      if (!now || !samePrice(p, now)) {
        changed = true;
        held.changed?.add(marketId);
      }
    }
  }
  for (const [marketId, list] of next) {
    const before = held.markets.get(marketId);
    if (before && list.every((p) => before.some((b) => sameSlot(b, p)))) continue;
    changed = true;
    held.changed?.add(marketId);
  }
  held.markets = next;
  return changed;
}

/**
 * Brings a held event up to date with its re-read row and the prices batches since wrote for it
 * (in the order they were written; the ingest withdraws a price as value null, never deletes it).
 * True when anything its view is made of changed.
 */
export function mergeWritten(held: StoredEvent, event: UpcomingEvent, written: readonly CurrentPrice[]): boolean {
  let changed = held.event !== event && moved(held.event, event);
  if (changed) held.changed = null;
  held.event = event;
  for (const p of written) {
    if (!put(held.markets, p)) continue;
    held.changed?.add(p.marketId);
    changed = true;
  }
  return changed;
}

/** Prices grouped by event. */
export function byEventOf(prices: readonly CurrentPrice[]): Map<string, CurrentPrice[]> {
  const byEvent = new Map<string, CurrentPrice[]>();
  for (const p of prices) {
    const list = byEvent.get(p.eventId) ?? [];
    list.push(p);
    byEvent.set(p.eventId, list);
  }
  return byEvent;
}

const fresh = (at: number | undefined, when: number | null) =>
  at !== undefined && when !== null && when - at <= FRESH_PRICE_MS;

/** The books' leagues (by read key) that turned stale or fresh between two builds. */
export function flippedReads(
  before: ReadonlyMap<string, number>,
  builtAt: number | null,
  reads: ReadonlyMap<string, number>,
  now: number,
): Set<string> {
  const flipped = new Set<string>();
  for (const k of new Set([...reads.keys(), ...before.keys()])) {
    if (fresh(before.get(k), builtAt) !== fresh(reads.get(k), now)) flipped.add(k);
  }
  return flipped;
}

/** Whether a book's prices of a league are stale at `now`, by the books' latest reads. */
export function staleBooks(reads: ReadonlyMap<string, number>, now: number): StaleBook {
  // Asked for every recomputed event's books: answered once per book and league, by a numeric key.
  const known = new Map<number, boolean>();
  return (providerId, e) => {
    const key = idsKey(providerId, e.countryId, e.competitionId);
    let stale = known.get(key);
    if (stale === undefined) {
      const at = reads.get(bookReadKey(providerId, e.countryId, e.competitionId));
      // A book never recorded as reading the league (prices stored before reads were recorded) is stale too.
      stale = at === undefined || now - at > FRESH_PRICE_MS;
      known.set(key, stale);
    }
    return stale;
  };
}

/** Whether the event has a price of a book whose league is among `leagues` (read keys). */
export function readsBy(s: StoredEvent, leagues: ReadonlySet<string>): boolean {
  const { countryId, competitionId } = s.event;
  for (const list of s.markets.values()) {
    for (const p of list) if (leagues.has(bookReadKey(p.providerId, countryId, competitionId))) return true;
  }
  return false;
}

/** The next moment a fresh book's league turns stale (Infinity: none is fresh). */
export function nextFlip(reads: ReadonlyMap<string, number>, now: number): number {
  let next = Infinity;
  for (const at of reads.values()) if (at + FRESH_PRICE_MS >= now) next = Math.min(next, at + FRESH_PRICE_MS + 1);
  return next;
}
