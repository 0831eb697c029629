/**
 * From history rows to the wire shapes of the match page and the dropping-odds list
 *. Pure: rows and the clock come in.
 *
 * - A series has one point per change of a bookmaker's price, oldest first, dated by the
 *   batch's fetchedAt. Rows dated alike (two batches read at one moment) count once, with the
 *   price the later one left; a withdrawal adds no point and the series resumes when the book
 *   prices the selection again; a boost switched on or off is not a change of price.
 * - A drop is the change from the highest price of the window — the price in force when the
 *   window began counts at its start — to the current price, listed only when the current
 *   price is lower; changePct = (to / from − 1) × 100 with 2 decimals.
 */
import type { OpeningPriceDto, PriceDropDto, PriceSeriesDto } from '@shared/contract/odds';
import { round2 } from '@shared/odds-math';
import type { PriceAt } from '../history.repository';
import { wireDate } from './odds-view';
import type { WindowPrice } from './price-windows';

/** Rows of one market ordered by provider, selection, date, then the order they were applied. */
export function historySeries(rows: readonly PriceAt[]): PriceSeriesDto[] {
  const series: PriceSeriesDto[] = [];
  let current: PriceSeriesDto | null = null;
  // The price's state at the latest moment seen so far (null: withdrawn), not yet turned into a point.
  let pending: PriceAt | null = null;
  let lastValue: number | null = null;

  const settle = () => {
    if (!pending || !current) return;
    if (pending.value !== null && pending.value !== lastValue) {
      current.points.push({ at: wireDate(pending.at), value: pending.value });
    }
    lastValue = pending.value;
    pending = null;
  };

  for (const row of rows) {
    if (!current || current.providerId !== row.providerId || current.selectionTypeId !== row.selectionId) {
      settle();
      current = { providerId: row.providerId, selectionTypeId: row.selectionId, points: [] };
      series.push(current);
      lastValue = null;
    } else if (pending && pending.at !== row.at) {
      settle();
    }
    pending = row;
  }
  settle();
  return series.filter((s) => s.points.length > 0);
}

export function openingsOf(rows: readonly PriceAt[]): OpeningPriceDto[] {
  return rows
    .flatMap((r) =>
      r.value === null
        ? []
        : [
            {
              marketId: r.marketId,
              providerId: r.providerId,
              selectionTypeId: r.selectionId,
              value: r.value,
              at: wireDate(r.at),
            },
          ],
    )
    .sort((a, b) => a.marketId - b.marketId || a.providerId - b.providerId || a.selectionTypeId - b.selectionTypeId);
}

/** At most this many drops are listed. */
export const MAX_DROPS = 100;

/** A listed price that changed since a window began, with its event as the lists show it. */
export interface DropCandidate extends WindowPrice {
  eventId: string;
  name: string;
  /** The kick-off, as the wire writes it. */
  date: string;
  competitionId: number;
}

interface Ranked {
  c: DropCandidate;
  from: number;
  changePct: number;
}

const byBiggestDrop = (a: Ranked, b: Ranked) =>
  a.changePct - b.changePct ||
  b.c.changedAt - a.c.changedAt ||
  (a.c.eventId < b.c.eventId ? -1 : a.c.eventId > b.c.eventId ? 1 : 0) ||
  a.c.marketId - b.c.marketId ||
  a.c.selectionId - b.c.selectionId ||
  a.c.providerId - b.c.providerId;

/** The biggest drops first; only the listed ones are turned into the wire shape. */
export function dropsOf(candidates: readonly DropCandidate[], limit = MAX_DROPS): PriceDropDto[] {
  const drops: Ranked[] = [];
  for (const c of candidates) {
    const from = Math.max(c.value, c.windowHigh, c.startValue ?? -Infinity);
    if (!(c.value < from)) continue;
    drops.push({ c, from, changePct: round2((c.value / from - 1) * 100) || 0 });
  }
  drops.sort(byBiggestDrop);
  const listed: PriceDropDto[] = [];
  for (const { c, from, changePct } of drops.slice(0, limit)) {
    listed.push({
      eventId: c.eventId,
      name: c.name,
      date: c.date,
      competitionId: c.competitionId,
      marketId: c.marketId,
      selectionTypeId: c.selectionId,
      providerId: c.providerId,
      from,
      to: c.value,
      changePct,
      at: wireDate(c.changedAt),
    });
  }
  return listed;
}
