/**
 * What the bettor tools share: which markets are sets of exclusive outcomes, how a
 * price is read (boosted or not), rounding for display, and exact decimal arithmetic for money.
 * Ids and flags come from `../lookups`, two-decimal rounding from `../odds-math`.
 */
import { DOUBLE_CHANCE_MARKET_ID, MARKETS, OddsFlag, hasFlag, marketById } from '../lookups';
import { round2 } from '../odds-math';

/**
 * Whether a market's selections are mutually exclusive and exhaustive (exactly one wins), so
 * that Σ 1/oᵢ is the book and de-vigging, fair odds and sure bets make sense. Every known market
 * is, except double chance (1X, 12, X2): each result is covered by two of its selections, so its
 * implied probabilities sum to about 2 and none of the tools may use it. False for an unknown id.
 */
export function isExclusiveMarket(marketId: number): boolean {
  return marketById(marketId) !== undefined && marketId !== DOUBLE_CHANCE_MARKET_ID;
}

/** Ids of the markets for which {@link isExclusiveMarket} holds, in lookup order (all but double chance). */
export const EXCLUSIVE_MARKET_IDS: readonly number[] = MARKETS.filter((m) => isExclusiveMarket(m.id)).map((m) => m.id);

/**
 * One bookmaker's price as the tools accept it: a bare decimal price, or the price with its
 * docs/product.md#entities flag bits (so a boosted price can be recognised), or null/undefined when not priced.
 */
export type MarketPrice = number | { value: number; flags?: number } | null | undefined;

/** A decimal price is a finite number above 1; anything else is "not priced". */
export function isPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 1;
}

/**
 * The usable decimal price of a {@link MarketPrice}, or null when there is none: missing, not a
 * valid price, or boosted while `includeBoosts` is false. Boosted prices are promotions, not the
 * book's market, so fair odds and (by default) sure bets leave them out.
 */
export function priceValue(price: MarketPrice, includeBoosts = false): number | null {
  if (price == null) return null;
  if (typeof price === 'number') return isPrice(price) ? price : null;
  if (!isPrice(price.value)) return null;
  if (!includeBoosts && hasFlag(price.flags ?? 0, OddsFlag.Boosted)) return null;
  return price.value;
}

/** One bookmaker's prices for the selections of one market (or the legs of a slip), in order. */
export interface BookPrices {
  providerId: number;
  prices: ReadonlyArray<MarketPrice>;
}

/**
 * A fraction (0.0743) as a percentage with two decimals (7.43), halves away from zero — the
 * form of `profitPct` and `edgePct` in the API.
 */
export function roundPct(fraction: number): number {
  return round2(fraction * 100);
}

/** A fair price or probability shown with two decimals (halves away from zero), as in the API. */
export function roundFair(value: number): number {
  return round2(value);
}

/**
 * A positive decimal as an exact fraction `units / 10^scale`, read from the shortest decimal
 * text that round-trips the double (3.1 → 31 / 10¹, not the binary 3.100000000000000088…).
 * Prices are decimals printed by the books, so money computed from them (stakes, returns,
 * ties between returns) must use this exact value: in binary floating point 3465 × 3.1 and
 * 3069 × 3.5 do not compare equal, though both are ₦10,741.50.
 */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** Exact {@link Decimal} of a finite positive number. Throws RangeError otherwise. */
export function toDecimal(value: number): Decimal {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`not a positive finite number: ${value}`);
  const [mantissa = '', exponentText] = String(value).toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  let units = BigInt(whole + fraction);
  let scale = fraction.length - Number(exponentText ?? 0);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units, scale };
}

/** Several decimals on a common scale: `values[i] = units[i] / 10^scale`. */
export function toCommonScale(values: readonly number[]): { units: bigint[]; scale: number } {
  const decimals = values.map(toDecimal);
  const scale = Math.max(0, ...decimals.map((d) => d.scale));
  return { units: decimals.map((d) => d.units * 10n ** BigInt(scale - d.scale)), scale };
}

/** round(numerator / denominator) for non-negative bigints, exact halves rounded up. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n || numerator < 0n) throw new RangeError('divRoundHalfUp takes a non-negative ratio');
  return (2n * numerator + denominator) / (2n * denominator);
}

/** Kobo (an integer count of 1/100 Naira) as Naira, exact to two decimals. */
export function koboToNaira(kobo: bigint | number): number {
  return Number(kobo) / 100;
}
