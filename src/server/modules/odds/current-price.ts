/**
 * One current price (a `current_prices` row in the domain's terms): what the ingest diff
 * compares a batch against and what the read snapshot turns into flags. `value` null means
 * withdrawn (shown as '-').
 */
export interface CurrentPrice {
  eventId: string;
  marketId: number;
  providerId: number;
  selectionId: number;
  value: number | null;
  /** The last real price before `value`; kept through a withdrawal so a return shows its direction. */
  previousValue: number | null;
  changedAt: number;
  boosted: boolean;
  /** Beside a boosted price: the regular price the feed says it replaces (null: unknown or not boosted). */
  regularValue: number | null;
  /**
   * What the book needs to book this price; null when the feed gave none. Read and
   * written by the ingest path only: the snapshot never loads it, so no odds answer can carry it.
   */
  ref?: string | null;
}

/**
 * What one applied batch wrote under its odds version: its current prices (withdrawals as value
 * null), and the events whose own rows it wrote (created, rescheduled, given a status or an id).
 */
export interface WrittenPrices {
  version: number;
  prices: readonly CurrentPrice[];
  events: readonly string[];
}

/**
 * Three lookup ids as one number, so a map keyed by it needs no key string: distinct while the
 * second and third stay below 65,536 (lookups' ids do), exact while the first does too.
 */
export const idsKey = (a: number, b: number, c: number): number => (a * 0x10000 + b) * 0x10000 + c;

/** One number per (market, book, selection) of an event ({@link idsKey}). */
export const priceSlot = (p: Pick<CurrentPrice, 'marketId' | 'providerId' | 'selectionId'>): number =>
  idsKey(p.marketId, p.providerId, p.selectionId);

/** The three ids an {@link idsKey} stands for. */
export const idsOf = (key: number): [number, number, number] => [
  Math.floor(key / 0x100000000),
  Math.floor(key / 0x10000) % 0x10000,
  key % 0x10000,
];

/** The (market, book, selection) a {@link priceSlot} stands for. */
export function slotParts(slot: number): { marketId: number; providerId: number; selectionId: number } {
  const [marketId, providerId, selectionId] = idsOf(slot);
  return { marketId, providerId, selectionId };
}
