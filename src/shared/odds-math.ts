/**
 * Odds arithmetic shared by the server (computing) and the client (presenting).
 */
import { DOUBLE_CHANCE_MARKET_ID, OddsFlag } from './lookups';
import { MARGIN_AVERAGE_MAX, MARGIN_GOOD_MAX } from './constants';

/** Round half away from zero to 2 decimals, avoiding binary artefacts (1.005 → 1.01). */
export function round2(value: number): number {
  return (Math.sign(value) * Math.round((Math.abs(value) + Number.EPSILON) * 100)) / 100;
}

/**
 * Bookmaker margin (overround) in percent with 2 decimals:
 * (Σ 1/oᵢ ÷ k − 1) × 100, k = 2 for double chance (each outcome covered twice), else 1.
 * Null when any selection of the market has no price.
 */
export function marketMargin(marketId: number, prices: ReadonlyArray<number | null | undefined>): number | null {
  if (prices.length === 0) return null;
  let sum = 0;
  for (const p of prices) {
    if (p == null || !Number.isFinite(p) || p <= 1) return null;
    sum += 1 / p;
  }
  return marginOfSum(marketId, sum);
}

const marginOfSum = (marketId: number, sum: number): number =>
  round2((sum / (marketId === DOUBLE_CHANCE_MARKET_ID ? 2 : 1) - 1) * 100);

/**
 * {@link marketMargin} of the first `count` numbers of `prices`, NaN standing for a missing price:
 * the server's views compute it over a scratch array, with no array made per row.
 */
export function marketMarginOf(marketId: number, prices: Float64Array, count: number): number | null {
  if (count === 0) return null;
  let sum = 0;
  for (let i = 0; i < count; i += 1) {
    const p = prices[i] as number;
    // NaN and ±Infinity fail the first test, as null and non-finite prices do above.
    if (!(p - p === 0) || p <= 1) return null;
    sum += 1 / p;
  }
  return marginOfSum(marketId, sum);
}

export type MarginLevel = 'success' | 'warning' | 'danger' | 'secondary';

/** Badge colour: good (green) ≤ 5, average (warning) ≤ 10, high (danger) above; neutral when unknown. */
export function marginLevel(margin: number | null | undefined): MarginLevel {
  if (margin == null) return 'secondary';
  if (margin <= MARGIN_GOOD_MAX) return 'success';
  if (margin <= MARGIN_AVERAGE_MAX) return 'warning';
  return 'danger';
}

/** Prices show with 2 decimals, or '-' when empty. */
export function formatOdds(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? '-' : value.toFixed(2);
}

export function formatMargin(margin: number | null | undefined): string {
  return margin == null ? '-' : `${margin.toFixed(2)}%`;
}

/**
 * Best prices of one selection across providers: the indexes holding the highest price
 * (all of them on a tie). Empty when no provider prices it.
 */
export function bestIndexes(values: ReadonlyArray<number | null | undefined>): number[] {
  let best = -Infinity;
  for (const v of values) if (v != null && v > best) best = v;
  const out: number[] = [];
  if (best === -Infinity) return out;
  for (let i = 0; i < values.length; i += 1) if (values[i] === best) out.push(i);
  return out;
}

/** Direction flag of a price change, or 0 when it did not move. */
export function movementFlag(previous: number | null | undefined, current: number | null | undefined): number {
  if (previous == null || current == null || previous === current) return 0;
  return current > previous ? OddsFlag.Increased : OddsFlag.Decreased;
}
