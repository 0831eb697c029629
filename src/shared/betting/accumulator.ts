/**
 * Accumulator comparison across books. An accumulator must be placed at one
 * bookmaker, so what a bettor gets is that book's price for every leg multiplied together —
 * not the best price per leg. These functions answer "at which of my books is this
 * accumulator worth most, and by how much?".
 */
import { type BookPrices, type MarketPrice, divRoundHalfUp, isPrice, koboToNaira, toDecimal } from './common';

/** One leg of a slip: a selection of one match. */
export interface SlipLeg {
  eventId: number;
  marketId: number;
  selectionTypeId: number;
}

/**
 * Adds a leg to a slip, keeping one leg per match: a leg of a match already on the slip
 * replaces it in place (a second tap on the same match changes the pick);
 * otherwise it is appended. Returns a new array; the input is not modified.
 */
export function setLeg<L extends SlipLeg>(legs: readonly L[], leg: L): L[] {
  const i = legs.findIndex((l) => l.eventId === leg.eventId);
  return i < 0 ? [...legs, leg] : legs.map((l, j) => (j === i ? leg : l));
}

/** The decimal price of a leg as the book offers it (a boosted price is the book's offer too). */
function legPrice(price: MarketPrice): number | null {
  const value = typeof price === 'object' && price !== null ? price.value : price;
  return isPrice(value) ? value : null;
}

/**
 * A book's accumulator price: Π oᵢ over the legs — the stake is carried from leg to leg, so
 * the decimal prices multiply. Null unless the book prices every leg (an accumulator cannot
 * be placed at a book without one of its selections) or when there are no legs. Boosted prices
 * count as the book's price (callers pass null to leave one out).
 */
export function accumulatorPrice(prices: ReadonlyArray<MarketPrice>): number | null {
  const values = prices.map(legPrice);
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return (values as number[]).reduce((p, v) => p * v, 1);
}

/** Exact Π oᵢ as units / 10^scale. */
function exactProduct(prices: readonly number[]): { units: bigint; scale: number } {
  return prices.map(toDecimal).reduce((p, d) => ({ units: p.units * d.units, scale: p.scale + d.scale }), {
    units: 1n,
    scale: 0,
  });
}

function stakeKobo(stake: number): bigint {
  if (!Number.isFinite(stake) || stake < 0) throw new RangeError(`stake must be a non-negative amount: ${stake}`);
  return BigInt(Math.round(stake * 100));
}

/**
 * Potential return of `stake` Naira on an accumulator of `prices` (or a single price):
 * stake × Π oᵢ, in kobo, computed exactly on the decimal prices and rounded half up to the
 * kobo (the stake itself is first rounded to the kobo). Throws RangeError on an invalid price
 * or a negative stake.
 */
export function potentialReturnKobo(stake: number, prices: number | readonly number[]): number {
  const list = typeof prices === 'number' ? [prices] : prices;
  if (list.length === 0 || !list.every(isPrice)) throw new RangeError(`not prices: [${list.join(', ')}]`);
  const { units, scale } = exactProduct(list);
  return Number(divRoundHalfUp(stakeKobo(stake) * units, 10n ** BigInt(scale)));
}

/** {@link potentialReturnKobo} in Naira, two decimals. */
export function potentialReturn(stake: number, prices: number | readonly number[]): number {
  return koboToNaira(potentialReturnKobo(stake, prices));
}

/** One book's accumulator. */
export interface AccumulatorBook {
  providerId: number;
  /** Π oᵢ (floating point, unrounded). */
  price: number;
  /** Potential return of the stake in kobo / Naira; null when no stake was given. */
  returnKobo: number | null;
  return: number | null;
}

/** Which book pays most for an accumulator, and by how much more than the worst. */
export interface AccumulatorComparison {
  /** The books that price every leg, in input order. */
  books: AccumulatorBook[];
  /** Provider ids of books that miss at least one leg (no accumulator there), in input order. */
  missing: number[];
  /** Provider ids with the highest accumulator price (all of them on an exact tie). */
  best: number[];
  /** Provider ids with the lowest accumulator price. */
  worst: number[];
  bestPrice: number;
  worstPrice: number;
  /** (best price / worst price − 1) × 100 with two decimals (exact, halves up): 0 with one book. */
  extraPct: number;
  /** Best return − worst return in Naira (two decimals); null when no stake was given. */
  extraReturn: number | null;
}

/**
 * Compares an accumulator across books. Each entry of `books` lists that book's prices for the
 * legs in slip order (null/undefined where it does not price a leg; `legCount` defaults to the
 * longest list, so a shorter list misses its trailing legs). Only books pricing every leg get an
 * accumulator ({@link accumulatorPrice}); the best book is the one with the highest price — with
 * one stake at one book, that is the largest return — and the difference to the worst is given
 * as a percentage of the worst price and, when `stake` (Naira) is given, in Naira of return.
 * Prices are compared exactly on their decimals, so equal products tie. Null when no book
 * prices every leg (or there are no legs).
 */
export function compareAccumulator(
  books: ReadonlyArray<BookPrices>,
  options: { stake?: number; legCount?: number } = {},
): AccumulatorComparison | null {
  const legCount = options.legCount ?? Math.max(0, ...books.map((b) => b.prices.length));
  if (legCount === 0) return null;
  const complete: Array<{ providerId: number; values: number[] }> = [];
  const missing: number[] = [];
  for (const book of books) {
    const values = Array.from({ length: legCount }, (_, i) => legPrice(book.prices[i]));
    if (values.every((v) => v !== null)) complete.push({ providerId: book.providerId, values: values as number[] });
    else missing.push(book.providerId);
  }
  if (complete.length === 0) return null;

  const exacts = complete.map((b) => exactProduct(b.values));
  // Compare u₁/10^s₁ with u₂/10^s₂ exactly by bringing both to the larger scale.
  const scale = Math.max(...exacts.map((e) => e.scale));
  const scaled = exacts.map((e) => e.units * 10n ** BigInt(scale - e.scale));
  const max = scaled.reduce((m, v) => (v > m ? v : m));
  const min = scaled.reduce((m, v) => (v < m ? v : m));

  const result: AccumulatorBook[] = complete.map((b) => {
    const price = accumulatorPrice(b.values)!;
    const returnKobo = options.stake === undefined ? null : potentialReturnKobo(options.stake, b.values);
    return {
      providerId: b.providerId,
      price,
      returnKobo,
      return: returnKobo === null ? null : koboToNaira(returnKobo),
    };
  });
  const bestIndex = scaled.indexOf(max);
  const worstIndex = scaled.indexOf(min);
  const bestBook = result[bestIndex]!;
  const worstBook = result[worstIndex]!;
  return {
    books: result,
    missing,
    best: result.filter((_, i) => scaled[i] === max).map((b) => b.providerId),
    worst: result.filter((_, i) => scaled[i] === min).map((b) => b.providerId),
    bestPrice: bestBook.price,
    worstPrice: worstBook.price,
    extraPct: Number(divRoundHalfUp(10000n * (max - min), min)) / 100,
    extraReturn:
      bestBook.returnKobo === null || worstBook.returnKobo === null
        ? null
        : koboToNaira(bestBook.returnKobo - worstBook.returnKobo),
  };
}
