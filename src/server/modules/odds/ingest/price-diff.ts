/**
 * The diff step of the ingest pipeline: a provider's listed markets against its current
 * prices. Only changes come out — a new price, a moved price, a boost switched on or off, a
 * withdrawal (a selection of a listed market the batch no longer prices), a price coming
 * back, or a boost's regular price becoming known or moving (that
 * alone updates the current price but is no history row; so does a new booking `ref`). Markets the batch does not list never
 * appear here, so they stay as they are.
 */
import { marketSelections } from '@shared/lookups';
import type { CurrentPrice } from '../current-price';
import type { Slicer } from '../../../core/event-loop';

export interface ListedMarket {
  eventId: string;
  marketId: number;
  prices: ReadonlyArray<{ selection: number; value: number; boosted?: boolean; regularValue?: number; ref?: string }>;
}

interface PriceChange {
  next: CurrentPrice;
  /** A change of value or boost, which the price history records. */
  recorded: boolean;
}

export function priceKey(eventId: string, marketId: number, providerId: number, selectionId: number): string {
  return `${eventId}|${marketId}|${providerId}|${selectionId}`;
}

/** The changes, market by market; the event loop gets a turn whenever `slicer` says so. */
export async function diffPrices(
  current: ReadonlyMap<string, CurrentPrice>,
  listed: readonly ListedMarket[],
  providerId: number,
  changedAt: number,
  slicer: Slicer,
): Promise<PriceChange[]> {
  const changes: PriceChange[] = [];
  for (const market of listed) {
    if (slicer.due) await slicer.pause();
    const offered = new Map(market.prices.map((p) => [p.selection, p]));
    for (const selectionId of marketSelections(market.marketId)) {
      const key = priceKey(market.eventId, market.marketId, providerId, selectionId);
      const before = current.get(key);
      const price = offered.get(selectionId);
      const value = price?.value ?? null;
      const boosted = value !== null && price?.boosted === true;
      const regularValue = boosted ? (price?.regularValue ?? null) : null;
      // A withdrawn price cannot be booked: its ref goes with it.
      const ref = value === null ? null : (price?.ref ?? null);
      if (!before) {
        if (value === null) continue;
        changes.push({
          next: {
            eventId: market.eventId,
            marketId: market.marketId,
            providerId,
            selectionId,
            value,
            previousValue: null,
            changedAt,
            boosted,
            regularValue,
            ref,
          },
          recorded: true,
        });
        continue;
      }
      const recorded = before.value !== value || before.boosted !== boosted;
      if (!recorded && before.regularValue === regularValue && (before.ref ?? null) === ref) continue;
      const moved = before.value !== value;
      changes.push({
        recorded,
        // Every field written out, in CurrentPrice's order (as toCurrentPrice and the new price
        // above): prices made alike share one shape, which the snapshot's loops over them need.
        next: {
          eventId: before.eventId,
          marketId: before.marketId,
          providerId: before.providerId,
          selectionId: before.selectionId,
          value,
          previousValue: moved ? (before.value ?? before.previousValue) : before.previousValue,
          // Never before the last change: a batch read earlier than the one applied before it
          // (pushes from two workers) must not date its change into the past, so a price's
          // history stays in the order it was applied.
          changedAt: moved ? Math.max(changedAt, before.changedAt) : before.changedAt,
          boosted,
          regularValue,
          ref,
        },
      });
    }
  }
  return changes;
}
