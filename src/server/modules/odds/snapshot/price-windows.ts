/**
 * What the dropping-odds list needs of each listed price's history, kept in memory and brought
 * up to date with each batch's new history rows instead of
 * being read again per answer.
 *
 * Per price it keeps the marks of a sliding-window maximum: the history rows that no later
 * row equals or exceeds, oldest first, so their values fall strictly. The highest price from
 * any moment on is then the first mark at or after it. Each mark also knows until when its
 * price was in force (the time of the row that followed it), which gives the price in force
 * when a window began. A withdrawal is a mark below every price. Marks whose price stopped
 * being in force before the longest window began are dropped, so a price holds a handful of
 * marks however often it moved.
 *
 * Pure: rows come in, candidates go out; odds-details.ts reads the rows.
 */
import { DROP_WINDOWS_H } from '@shared/contract/odds';
import { priceSlot } from '../current-price';
import type { HistoryRow } from '../history.repository';

/** The longest window the list offers. */
export const LONGEST_WINDOW_MS = Math.max(...DROP_WINDOWS_H) * 3600_000;

interface Mark {
  at: number;
  value: number | null;
  /** When the next row replaced this price (Infinity while it is the current one). */
  until: number;
  version: number;
}

interface PriceMarks {
  marketId: number;
  providerId: number;
  selectionId: number;
  marks: Mark[];
}

/** A listed price that dropped since a window began, with what the window saw of it. */
export interface WindowPrice {
  marketId: number;
  providerId: number;
  selectionId: number;
  /** The current price and when it was set. */
  value: number;
  changedAt: number;
  /** The highest price the history holds from the window's start on. */
  windowHigh: number;
  /** The price in force when the window began (null: none, withdrawn, or not above `windowHigh`). */
  startValue: number | null;
}

const rank = (value: number | null) => value ?? -Infinity;

export class PriceWindows {
  /** Known events (their whole relevant history applied) → price (`priceSlot`) → marks. */
  private readonly events = new Map<string, Map<number, PriceMarks>>();

  knows(eventId: string): boolean {
    return this.events.has(eventId);
  }

  /**
   * Starts (or restarts) knowing these events from their rows: every row from some moment on
   * and, per price, the row in force at that moment — ordered by price, time, then version.
   */
  load(eventIds: readonly string[], rows: readonly HistoryRow[]): void {
    for (const id of eventIds) this.events.set(id, new Map());
    this.apply(rows);
  }

  /** New rows, each price's in the order applied; rows of unknown events and rows already applied are skipped. */
  apply(rows: readonly HistoryRow[]): void {
    for (const row of rows) {
      const prices = this.events.get(row.eventId);
      if (!prices) continue;
      const key = priceSlot(row);
      const mark: Mark = { at: row.at, value: row.value, until: Infinity, version: row.version };
      const price = prices.get(key);
      if (!price) {
        prices.set(key, {
          marketId: row.marketId,
          providerId: row.providerId,
          selectionId: row.selectionId,
          marks: [mark],
        });
        continue;
      }
      const { marks } = price;
      const last = marks.at(-1);
      if (last) {
        if (row.version <= last.version) continue;
        last.until = row.at;
      }
      const value = rank(row.value);
      let kept = marks.length;
      while (kept > 0 && rank((marks[kept - 1] as Mark).value) <= value) kept -= 1;
      // A new array of the exact length: an array grown by push reserves room for 16 more, and
      // hundreds of thousands of prices each keep one.
      price.marks = marks.slice(0, kept).concat(mark);
    }
  }

  /** Forgets the events `keep` refuses (no longer listed; one that returns is loaded again). */
  forgetExcept(keep: (eventId: string) => boolean): void {
    for (const id of this.events.keys()) if (!keep(id)) this.events.delete(id);
  }

  /** Drops marks no window starting at or after `horizon` can use. */
  trim(horizon: number): void {
    for (const prices of this.events.values()) {
      for (const price of prices.values()) {
        const { marks } = price;
        let stale = 0;
        while (stale < marks.length - 1 && (marks[stale] as Mark).until < horizon) stale += 1;
        if (stale > 0) price.marks = marks.slice(stale);
      }
    }
  }

  /**
   * An event's prices that dropped in the window starting at `since`: priced (not withdrawn),
   * set at or after `since`, and lower than the window's high or the price in force at its start.
   */
  droppedSince(eventId: string, since: number): WindowPrice[] {
    const out: WindowPrice[] = [];
    const prices = this.events.get(eventId);
    if (!prices) return out;
    for (const { marketId, providerId, selectionId, marks } of prices.values()) {
      const last = marks[marks.length - 1];
      if (last === undefined || last.value === null || last.at < since) continue;
      let startValue: number | null = null;
      let windowHigh = last.value;
      for (const mark of marks) {
        if (mark.at >= since) {
          // The first mark of the window is its highest price (marks fall); the last is priced, so this is too.
          windowHigh = mark.value ?? windowHigh;
          break;
        }
        if (mark.until >= since) startValue = mark.value;
      }
      if (last.value >= windowHigh && (startValue === null || last.value >= startValue)) continue;
      out.push({ marketId, providerId, selectionId, value: last.value, changedAt: last.at, windowHigh, startValue });
    }
    return out;
  }
}
