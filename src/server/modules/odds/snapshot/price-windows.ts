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
import { priceSlot, slotParts } from '../current-price';
import type { HistoryRow } from '../history.repository';

/** The longest window the list offers. */
export const LONGEST_WINDOW_MS = Math.max(...DROP_WINDOWS_H) * 3600_000;

/**
 * A price's marks, oldest first, flat in one array of numbers, four per mark: when its row was
 * set, its value (-Infinity: withdrawn, below every price), until when it was in force (the time
 * of the next row; Infinity while current) and its version. Numbers only, so the array holds them
 * unboxed: an object per mark, and a boxed number for each time and price in it, made the windows
 * of 10,000 matches the largest part of the heap.
 */
type Marks = number[];
const AT = 0;
const VALUE = 1;
const UNTIL = 2;
const VERSION = 3;
const MARK = 4;

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

const WITHDRAWN = -Infinity;
const priced = (value: number): number | null => (value === WITHDRAWN ? null : value);

export class PriceWindows {
  /** Known events (their whole relevant history applied) → price (`priceSlot`) → marks. */
  private readonly events = new Map<string, Map<number, Marks>>();

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
      const value = row.value ?? WITHDRAWN;
      const mark: Marks = [row.at, value, Infinity, row.version];
      const marks = prices.get(key);
      if (!marks) {
        prices.set(key, mark);
        continue;
      }
      let kept = marks.length;
      if (kept > 0) {
        if (row.version <= (marks[kept - MARK + VERSION] as number)) continue;
        marks[kept - MARK + UNTIL] = row.at;
      }
      while (kept > 0 && (marks[kept - MARK + VALUE] as number) <= value) kept -= MARK;
      // A new array of the exact length: an array grown by push reserves room for 16 more, and
      // hundreds of thousands of prices each keep one.
      prices.set(key, marks.slice(0, kept).concat(mark));
    }
  }

  /** Forgets the events `keep` refuses (no longer listed; one that returns is loaded again). */
  forgetExcept(keep: (eventId: string) => boolean): void {
    for (const id of this.events.keys()) if (!keep(id)) this.events.delete(id);
  }

  /** The known events' ids. */
  known(): string[] {
    return [...this.events.keys()];
  }

  /** Drops marks no window starting at or after `horizon` can use, of `eventIds` (by default every known event). */
  trim(horizon: number, eventIds: Iterable<string> = this.events.keys()): void {
    for (const id of eventIds) {
      const prices = this.events.get(id);
      if (!prices) continue;
      for (const [key, marks] of prices) {
        let stale = 0;
        while (stale < marks.length - MARK && (marks[stale + UNTIL] as number) < horizon) stale += MARK;
        if (stale > 0) prices.set(key, marks.slice(stale));
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
    for (const [key, marks] of prices) {
      const last = marks.length - MARK;
      if (last < 0) continue;
      const value = marks[last + VALUE] as number;
      const changedAt = marks[last + AT] as number;
      if (value === WITHDRAWN || changedAt < since) continue;
      let startValue: number | null = null;
      let windowHigh = value;
      for (let i = 0; i <= last; i += MARK) {
        if ((marks[i + AT] as number) >= since) {
          // The first mark of the window is its highest price (marks fall); the last is priced, so this is too.
          windowHigh = priced(marks[i + VALUE] as number) ?? windowHigh;
          break;
        }
        if ((marks[i + UNTIL] as number) >= since) startValue = priced(marks[i + VALUE] as number);
      }
      if (value >= windowHigh && (startValue === null || value >= startValue)) continue;
      // Named one by one: spreading slotParts' object into the literal made this loop about 25 ×
      // slower (measured over 200 matches' windows), and the drops list runs it for every listed match.
      const { marketId, providerId, selectionId } = slotParts(key);
      out.push({ marketId, providerId, selectionId, value, changedAt, windowHigh, startValue });
    }
    return out;
  }
}
