/** An event as the read snapshot holds it between rebuilds, and how a re-read brings it up to date. */
import { type CurrentPrice, priceSlot } from '../current-price';
import { bookReadKey } from '../versions.repository';
import type { UpcomingEvent } from '../upcoming-event';
import type { ListedEvent } from './country-listing';
import { FRESH_PRICE_MS, type StaleBook } from './odds-view';

export interface StoredEvent {
  event: UpcomingEvent;
  /** Every current price of the event, by market, provider and selection (`priceSlot`). */
  prices: Map<number, CurrentPrice>;
  /** The earliest moment its view changes by time alone (a flag ages out, kick-off). */
  nextChangeAt: number;
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

export function storedEvent(event: UpcomingEvent, prices: readonly CurrentPrice[]): StoredEvent {
  return {
    event,
    prices: new Map(prices.map((p) => [priceSlot(p), p])),
    nextChangeAt: Infinity,
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
  const next = new Map<number, CurrentPrice>();
  for (const p of prices) next.set(priceSlot(p), p);
  for (const [k, p] of held.prices) {
    if (reread && !reread.has(p.providerId)) {
      next.set(k, p);
      continue;
    }
    const after = next.get(k);
    if (!after || !samePrice(p, after)) {
      changed = true;
      held.changed?.add(p.marketId);
    }
  }
  for (const [k, p] of next) {
    if (held.prices.has(k)) continue;
    changed = true;
    held.changed?.add(p.marketId);
  }
  held.prices = next;
  return changed;
}

/**
 * Brings a held event up to date with its re-read row and the prices batches since wrote for it
 * (in the order they were written; the ingest withdraws a price as value null, never deletes it).
 * True when anything its view is made of changed.
 */
export function mergeWritten(held: StoredEvent, event: UpcomingEvent, written: readonly CurrentPrice[]): boolean {
  let changed = moved(held.event, event);
  if (changed) held.changed = null;
  held.event = event;
  for (const p of written) {
    const k = priceSlot(p);
    const before = held.prices.get(k);
    if (before && samePrice(before, p)) continue;
    held.prices.set(k, p);
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
  return (providerId, e) => {
    const at = reads.get(bookReadKey(providerId, e.countryId, e.competitionId));
    // A book never recorded as reading the league (prices stored before reads were recorded) is stale too.
    return at === undefined || now - at > FRESH_PRICE_MS;
  };
}

/** Whether the event has a price of a book whose league is among `leagues` (read keys). */
export function readsBy(s: StoredEvent, leagues: ReadonlySet<string>): boolean {
  const { countryId, competitionId } = s.event;
  for (const p of s.prices.values()) if (leagues.has(bookReadKey(p.providerId, countryId, competitionId))) return true;
  return false;
}

/** The next moment a fresh book's league turns stale (Infinity: none is fresh). */
export function nextFlip(reads: ReadonlyMap<string, number>, now: number): number {
  let next = Infinity;
  for (const at of reads.values()) if (at + FRESH_PRICE_MS >= now) next = Math.min(next, at + FRESH_PRICE_MS + 1);
  return next;
}
