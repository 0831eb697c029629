/**
 * De-vigging (removing the bookmaker's margin) and fair odds.
 *
 * A book's implied probabilities πᵢ = 1/oᵢ of a complete market of exclusive outcomes sum to
 * A = Σ πᵢ, usually above 1; A − 1 is the margin (see `marketMargin` in odds-math). Each method
 * below turns π into probabilities pᵢ with Σ pᵢ = 1; they differ in how the margin is assumed
 * to be spread over the selections. Only use markets for which `isExclusiveMarket` holds.
 */
import { type BookPrices, type MarketPrice, isPrice, priceValue, roundFair, roundPct } from './common';

/** The de-vigging methods offered to the user (API `method=`). */
export type DevigMethod = 'multiplicative' | 'additive' | 'power' | 'shin';

/** All methods, in the order the UI lists them. */
export const DEVIG_METHODS: readonly DevigMethod[] = ['multiplicative', 'additive', 'power', 'shin'];

/** Multiplicative: the simplest method and the one most sites mean by "fair odds". */
export const DEFAULT_DEVIG_METHOD: DevigMethod = 'multiplicative';

/** Type guard for a query parameter naming a method. */
export function isDevigMethod(value: unknown): value is DevigMethod {
  return typeof value === 'string' && (DEVIG_METHODS as readonly string[]).includes(value);
}

/** Result of de-vigging one book's market. */
export interface DevigResult {
  method: DevigMethod;
  /** pᵢ in selection order; every pᵢ ≥ 0 and Σ pᵢ = 1 (to floating point). */
  probabilities: number[];
  /** Indexes whose probability the additive method had to set to 0 (see {@link devigAdditive}); else empty. */
  clamped: number[];
  /** Power method: the exponent k with Σ πᵢᵏ = 1. */
  k?: number;
  /** Shin method: the estimated share z of insider money. */
  z?: number;
}

/**
 * Whether `prices` is a market the methods accept: at least two selections, every one a finite
 * decimal price above 1 (so 0 < πᵢ < 1). Any A is accepted, also A < 1 (a book with its own sure bet).
 */
export function isCompleteMarket(prices: ReadonlyArray<unknown>): prices is readonly number[] {
  return prices.length >= 2 && prices.every(isPrice);
}

function implied(prices: readonly number[]): number[] {
  if (!isCompleteMarket(prices as readonly unknown[])) {
    throw new RangeError(`a market needs at least two prices, each finite and above 1: [${prices.join(', ')}]`);
  }
  return prices.map((o) => 1 / o);
}

const sum = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0);

/**
 * Implied probabilities πᵢ = 1/oᵢ (they include the margin, so Σ πᵢ = A).
 * Throws RangeError unless {@link isCompleteMarket}.
 */
export function impliedProbabilities(prices: readonly number[]): number[] {
  return implied(prices);
}

/**
 * Multiplicative (proportional, "basic") method: pᵢ = πᵢ / A. It assumes the margin is charged
 * in proportion to each probability, so the ratios between selections are kept.
 * Published value: 2.7 / 2.3 / 4.4 → 0.35873804 / 0.42112726 / 0.22013470.
 * Throws RangeError unless {@link isCompleteMarket}.
 */
export function devigMultiplicative(prices: readonly number[]): number[] {
  const pi = implied(prices);
  const a = sum(pi);
  return pi.map((p) => p / a);
}

/**
 * Additive method: pᵢ = πᵢ − (A − 1)/n, the margin taken off every selection in equal parts.
 *
 * For a long shot πᵢ can be smaller than (A − 1)/n, which would give a negative "probability".
 * Behaviour then: the result is the Euclidean projection of π onto the probability simplex,
 * pᵢ = max(πᵢ − θ, 0) with θ chosen so that Σ pᵢ = 1 — i.e. the long shots that would go
 * negative are set to 0 (listed in `clamped`) and the remaining margin is taken off the others
 * in equal parts. Without negatives θ = (A − 1)/n and this is exactly the textbook formula; with
 * them it is still the closest probability vector to π, the property that defines the additive
 * method. A selection at 0 has no fair price (callers show none); `clamped` lets them say why.
 * Throws RangeError unless {@link isCompleteMarket}.
 */
export function devigAdditive(prices: readonly number[]): { probabilities: number[]; clamped: number[] } {
  const pi = implied(prices);
  const sorted = [...pi].sort((x, y) => y - x);
  let theta = 0;
  let running = 0;
  sorted.forEach((u, j) => {
    running += u;
    const t = (running - 1) / (j + 1);
    // The largest j with u_j − t > 0 fixes θ (Duchi et al. 2008, simplex projection).
    if (u - t > 0) theta = t;
  });
  const probabilities = pi.map((p) => Math.max(p - theta, 0));
  const clamped = probabilities.flatMap((p, i) => (p === 0 ? [i] : []));
  return { probabilities, clamped };
}

/** Bisection for a decreasing function f on [lo, hi] with f(lo) ≥ target ≥ f(hi). */
function bisectDecreasing(f: (x: number) => number, target: number, lo: number, hi: number): number {
  for (let i = 0; i < 200 && hi - lo > 0; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (f(mid) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Power method: pᵢ = πᵢᵏ with k chosen so that Σ πᵢᵏ = 1. Raising to k > 1 shrinks small
 * probabilities proportionally more than large ones, modelling the favourite–long-shot bias
 * (books charge more margin on long shots). Σ πᵢᵏ decreases in k (every πᵢ < 1), equals n at
 * k = 0 and A at k = 1, so exactly one k > 0 exists (k > 1 when A > 1); it is found by
 * bisection to machine precision and the pᵢ are then divided by their sum to remove the
 * residual (≤ 1e-15). Throws RangeError unless {@link isCompleteMarket}.
 */
export function devigPower(prices: readonly number[]): { probabilities: number[]; k: number } {
  const pi = implied(prices);
  const f = (k: number): number => sum(pi.map((p) => p ** k));
  let lo = 1;
  let hi = 1;
  if (f(1) >= 1) while (f(hi) > 1) hi *= 2;
  else while (f(lo) < 1) lo /= 2;
  const k = bisectDecreasing(f, 1, lo, hi);
  const raw = pi.map((p) => p ** k);
  const s = sum(raw);
  return { probabilities: raw.map((p) => p / s), k };
}

/**
 * Shin's method (Shin 1993; Jullien & Salanié 1994): the book prices as if a share z of the
 * money comes from insiders who know the result, which also explains the favourite–long-shot bias.
 * Given z, pᵢ(z) = (√(z² + 4(1 − z)·πᵢ²/A) − z) / (2(1 − z)); z is the root of Σ pᵢ(z) = 1.
 * Σ pᵢ(z) is √A at z = 0 and falls below 1 as z → 1, so for A > 1 the root lies in (0, 1)
 * (for A < 1 it is negative, found by widening the bracket); it is found by bisection to
 * machine precision and the pᵢ are divided by their sum to remove the residual.
 * Published value: 2.6 / 2.4 / 4.3 → 0.37299406 / 0.40477941 / 0.22222653, z = 0.0169425.
 * With two selections Shin equals the additive method. Throws RangeError unless {@link isCompleteMarket}.
 */
export function devigShin(prices: readonly number[]): { probabilities: number[]; z: number } {
  const pi = implied(prices);
  const a = sum(pi);
  const at = (z: number): number[] => pi.map((p) => (Math.sqrt(z * z + (4 * (1 - z) * p * p) / a) - z) / (2 * (1 - z)));
  const f = (z: number): number => sum(at(z));
  let z: number;
  if (a === 1) z = 0;
  else if (a > 1) z = bisectDecreasing(f, 1, 0, 1 - 1e-12);
  else {
    let lo = -1;
    while (f(lo) < 1) lo *= 2;
    z = bisectDecreasing(f, 1, lo, 0);
  }
  const raw = at(z);
  const s = sum(raw);
  return { probabilities: raw.map((p) => p / s), z };
}

/**
 * De-vigs one book's complete market with `method` (default multiplicative); see each method.
 * Throws RangeError unless {@link isCompleteMarket}.
 */
export function devig(prices: readonly number[], method: DevigMethod = DEFAULT_DEVIG_METHOD): DevigResult {
  switch (method) {
    case 'multiplicative':
      return { method, probabilities: devigMultiplicative(prices), clamped: [] };
    case 'additive':
      return { method, ...devigAdditive(prices) };
    case 'power': {
      const { probabilities, k } = devigPower(prices);
      return { method, probabilities, clamped: [], k };
    }
    case 'shin': {
      const { probabilities, z } = devigShin(prices);
      return { method, probabilities, clamped: [], z };
    }
    default:
      throw new RangeError(`unknown de-vigging method: ${String(method)}`);
  }
}

/** Fair probabilities and prices of one market, from the books that price all of it. */
export interface FairMarket {
  method: DevigMethod;
  /** Provider ids of the books averaged, in input order. */
  providerIds: number[];
  /** p̄ᵢ, the mean of the books' de-vigged pᵢ, in selection order; Σ p̄ᵢ = 1. */
  probabilities: number[];
  /** Fair decimal price 1/p̄ᵢ, unrounded; null where p̄ᵢ = 0 (additive clamping at every book). */
  odds: Array<number | null>;
}

/**
 * Fair probability and fair odds of every selection of a market across books.
 * Only books that price the whole market with valid, unboosted prices count (a boosted or
 * missing price makes that book incomplete: its other prices are not a book on this market);
 * each is de-vigged with `method` and p̄ᵢ = mean over those books of pᵢ — the mean, so every
 * book has the same weight and Σ p̄ᵢ = 1 still holds. Fair odds = 1/p̄ᵢ, the price at which a
 * bet on i has zero expected profit. Null when no book prices the whole market.
 * The caller passes only exclusive markets (`isExclusiveMarket`).
 */
export function fairMarket(
  books: ReadonlyArray<BookPrices>,
  method: DevigMethod = DEFAULT_DEVIG_METHOD,
): FairMarket | null {
  const complete = books.flatMap((book) => {
    const values = book.prices.map((p) => priceValue(p, false));
    return isCompleteMarket(values) ? [{ providerId: book.providerId, values }] : [];
  });
  const first = complete[0];
  if (!first) return null;
  const n = first.values.length;
  const totals = new Array<number>(n).fill(0);
  for (const { values } of complete) {
    if (values.length !== n) throw new RangeError('every book must list the same selections');
    devig(values, method).probabilities.forEach((p, i) => (totals[i] = (totals[i] ?? 0) + p));
  }
  const probabilities = totals.map((t) => t / complete.length);
  return {
    method,
    providerIds: complete.map((b) => b.providerId),
    probabilities,
    odds: probabilities.map((p) => (p > 0 ? 1 / p : null)),
  };
}

/**
 * Same as {@link fairMarket} for bare per-book price arrays (one array per book, selections in
 * order; null/undefined or a boosted {@link MarketPrice} where not priced). Returns only the
 * fair probabilities and odds, or null when no book prices the whole market.
 */
export function fairPrices(
  bookPrices: ReadonlyArray<ReadonlyArray<MarketPrice>>,
  method: DevigMethod = DEFAULT_DEVIG_METHOD,
): { probabilities: number[]; odds: Array<number | null> } | null {
  const fair = fairMarket(
    bookPrices.map((prices, i) => ({ providerId: i, prices })),
    method,
  );
  return fair && { probabilities: fair.probabilities, odds: fair.odds };
}

/**
 * Edge (value) of an offered decimal price against a fair probability: price × p − 1, the
 * expected profit per unit staked if p is the true probability (> 0: the price beats the fair
 * price 1/p). As a fraction: 0.05 is a 5 % edge.
 */
export function edge(price: number, fairProbability: number): number {
  return price * fairProbability - 1;
}

/** {@link edge} in percent with two decimals, as `edgePct` in the API. */
export function edgePct(price: number, fairProbability: number): number {
  return roundPct(edge(price, fairProbability));
}

/**
 * Whether a price belongs on the value list for a minimum edge of `minPct` percent. The test is
 * inclusive and made on the rounded {@link edgePct}, so that the list and the number shown with
 * each entry always agree (an edge shown as 2.00 % is on a `min=2` list).
 */
export function isValueBet(price: number, fairProbability: number, minPct: number): boolean {
  return edgePct(price, fairProbability) >= minPct;
}

/** Fair decimal price 1/p with two decimals, as `fairValue` in the API; null when p ≤ 0. */
export function fairValue(fairProbability: number): number | null {
  return fairProbability > 0 ? roundFair(1 / fairProbability) : null;
}
