/**
 * Sure bets (arbitrage) and the stake split in whole Naira.
 *
 * Backing every selection of an exclusive market, each at the book with the best price bᵢ,
 * with stakes in proportion to 1/bᵢ returns the same amount whatever the result. With
 * A = Σ 1/bᵢ, a total stake T returns T/A, so when A < 1 every result pays a profit of
 * 1/A − 1. All money here is exact: prices are read as the decimals they print as and
 * stakes, returns and comparisons between them are done in integers (see `toDecimal`).
 */
import { bestIndexes } from '../odds-math';
import { type BookPrices, divRoundHalfUp, isPrice, koboToNaira, priceValue, toCommonScale } from './common';

/** Minimum stake at a book unless configured otherwise, in Naira. */
export const DEFAULT_MIN_STAKE_NAIRA = 100;

/** The best price of one selection across books. */
export interface BestPrice {
  value: number;
  /** The book to place the leg at: the first book in input order among those offering `value`. */
  providerId: number;
  /** Every book offering `value` (ties), in input order. */
  providerIds: number[];
}

/**
 * Best price of each selection across books: the highest valid price, the first book in input
 * order winning a tie (all tied books are listed). Boosted prices are ignored unless
 * `includeBoosts`.
 * The result has one entry per selection (the longest price list), null where no book prices it.
 */
export function bestPrices(books: ReadonlyArray<BookPrices>, includeBoosts = false): Array<BestPrice | null> {
  const n = Math.max(0, ...books.map((b) => b.prices.length));
  return Array.from({ length: n }, (_, i) => {
    const column = books.map((b) => priceValue(b.prices[i], includeBoosts));
    const indexes = bestIndexes(column);
    const first = indexes[0];
    if (first === undefined) return null;
    const providerIds = indexes.map((j) => books[j]!.providerId);
    return { value: column[first]!, providerId: providerIds[0]!, providerIds };
  });
}

/**
 * A = Σ 1/bᵢ for a complete set of prices (floating point; for display and sorting). A < 1 is a
 * sure bet; use {@link isSurebet} for the exact test.
 */
export function arbitrageSum(prices: readonly number[]): number {
  return prices.reduce((s, p) => s + 1 / p, 0);
}

function checkPrices(prices: readonly number[]): void {
  if (prices.length < 2 || !prices.every(isPrice)) {
    throw new RangeError(`a sure bet needs at least two prices, each finite and above 1: [${prices.join(', ')}]`);
  }
}

/**
 * Prices on a common decimal scale aᵢ / 10^s, with Pᵢ = Π_{j≠i} aⱼ and D = Σ Pᵢ, so that
 * 1/bᵢ = 10^s · Pᵢ / Π aⱼ and A = 10^s · D / Π aⱼ — every quantity below is a ratio of integers.
 */
function exact(prices: readonly number[]) {
  checkPrices(prices);
  const { units, scale } = toCommonScale(prices);
  const product = units.reduce((p, a) => p * a, 1n);
  const partials = units.map((_, i) => units.reduce((p, a, j) => (j === i ? p : p * a), 1n));
  const denominator = partials.reduce((s, p) => s + p, 0n);
  return { units, unit: 10n ** BigInt(scale), product, partials, denominator };
}

/**
 * Exact test of A = Σ 1/bᵢ < 1 on the decimal prices (a book at exactly A = 1 is not a sure
 * bet; in floating point it may look like one). Throws RangeError on fewer than two valid prices.
 */
export function isSurebet(prices: readonly number[]): boolean {
  const { unit, product, denominator } = exact(prices);
  return unit * denominator < product;
}

/**
 * Profit of a sure bet in percent with two decimals: (1/A − 1) × 100, rounded half up on the
 * exact value. Null when A ≥ 1 (not a sure bet).
 * Published value: 3.1 / 3.5 / 3.1 → A = 0.930876…, 1/A = 1.074257… → 7.43.
 */
export function surebetProfitPct(prices: readonly number[]): number | null {
  const { unit, product, denominator } = exact(prices);
  const cost = unit * denominator; // A × Π aⱼ
  if (cost >= product) return null;
  return Number(divRoundHalfUp(10000n * (product - cost), cost)) / 100;
}

/** One market's sure bet: its legs and profit. */
export interface Surebet {
  /** A = Σ 1/bᵢ (floating point). */
  sum: number;
  /** (1/A − 1) × 100 with two decimals. */
  profitPct: number;
  /** One leg per selection, in selection order. */
  legs: BestPrice[];
}

/**
 * The sure bet of one market across books, or null: best price per selection
 * ({@link bestPrices}), then null unless every selection is priced and A < 1 exactly.
 * Use only with exclusive markets (`isExclusiveMarket`: never double chance).
 */
export function findSurebet(books: ReadonlyArray<BookPrices>, includeBoosts = false): Surebet | null {
  const best = bestPrices(books, includeBoosts);
  if (best.length < 2 || best.some((b) => b === null)) return null;
  const legs = best as BestPrice[];
  const prices = legs.map((l) => l.value);
  const profitPct = surebetProfitPct(prices);
  return profitPct === null ? null : { sum: arbitrageSum(prices), profitPct, legs };
}

/** One leg of a stake split. */
export interface StakeLeg {
  value: number;
  providerId: number | null;
  /** T · (1/bᵢ) / A, unrounded (floating point, for information). */
  idealStake: number;
  /** Whole Naira to place. */
  stake: number;
  /** The book's minimum stake in Naira. */
  minimumStake: number;
  belowMinimum: boolean;
  /** stake × price in kobo (exact; rounded half up to the kobo for prices with over 2 decimals). */
  returnKobo: number;
  /** The same in Naira, two decimals. */
  return: number;
  /** Whether this leg returns strictly more than the total stake (compared exactly). */
  returnsMoreThanTotal: boolean;
}

/** A total stake split over the legs of a sure bet, with what could not be respected. */
export interface StakeSplit {
  /** Total stake T in whole Naira; Σ stakes = T always. */
  total: number;
  legs: StakeLeg[];
  /** T − Σ rounded stakes before the correction: a few Naira, positive or negative. */
  leftover: number;
  /** Index of the leg the leftover went to; null when there was none. */
  leftoverLeg: number | null;
  /** True exactly when every leg's return is strictly more than T: the split is a sure profit. */
  allReturnMoreThanTotal: boolean;
  /** Indexes of legs returning T or less (empty when `allReturnMoreThanTotal`). */
  losingLegs: number[];
  /** Indexes of legs whose stake is below their book's minimum (empty when `placeable`). */
  belowMinimum: number[];
  /** True when every leg meets its book's minimum stake. */
  placeable: boolean;
  /** Smallest return minus T, in Naira (negative when some leg loses). */
  guaranteedProfit: number;
  /**
   * Smallest whole-Naira total whose split meets every minimum and returns more than the
   * total on every leg; null when A ≥ 1, or when none lies within ₦20,000 above the total at
   * which the minimums can first be met (a sure bet so thin that rounding eats the profit).
   */
  minimumTotal: number | null;
}

/** Options of {@link splitStake}. */
export interface SplitStakeOptions {
  /** Minimum stake in Naira per provider id; books not listed use `defaultMinimumStake`. */
  minimumStakes?: Readonly<Record<number, number>>;
  /** Default {@link DEFAULT_MIN_STAKE_NAIRA}. */
  defaultMinimumStake?: number;
}

type ExactPrices = ReturnType<typeof exact>;

/** The whole-Naira stakes for total T (the rounding rule of {@link splitStake}). */
function roundedStakes(
  total: bigint,
  x: ExactPrices,
): { stakes: bigint[]; leftover: bigint; leftoverLeg: number | null } {
  // Ideal stake i = T · (1/bᵢ) / A = T · Pᵢ / D, rounded to the nearest Naira, halves up.
  const stakes = x.partials.map((p) => divRoundHalfUp(total * p, x.denominator));
  const leftover = total - stakes.reduce((s, v) => s + v, 0n);
  if (leftover === 0n) return { stakes, leftover, leftoverLeg: null };
  // The leg with the lowest return stakes × aᵢ (exact; ties: the last in selection order) takes
  // the leftover, skipping a leg the correction would make negative (only possible for tiny T).
  let target = -1;
  stakes.forEach((s, i) => {
    if (s + leftover < 0n) return;
    if (target < 0 || s * x.units[i]! <= stakes[target]! * x.units[target]!) target = i;
  });
  if (target < 0) target = stakes.indexOf(stakes.reduce((m, v) => (v > m ? v : m)));
  stakes[target] = stakes[target]! + leftover;
  return { stakes, leftover, leftoverLeg: target };
}

/**
 * Splits a total stake T (whole Naira) over the legs of a sure bet so that it can be placed:
 *
 * 1. Ideal stake of leg i: T · (1/bᵢ) / A — equal returns T/A on every leg.
 * 2. Each rounded to the nearest whole Naira; an exact half rounds up. The ideal stake is the
 *    ratio of integers T · Pᵢ / D (prices as exact decimals), so "exact half" is decided
 *    without floating-point error.
 * 3. The leftover L = T − Σ rounded (positive or negative, |L| ≤ ⌊n/2⌋) is added to the leg
 *    whose return (rounded stake × price) is lowest — the leg the rounding hurt most — and on
 *    a tie to the last such leg in selection order. Returns are compared exactly, so legs
 *    returning the same ₦ amount do tie. Hence Σ stakes = T always: no Naira lost or invented.
 * 4. Every leg's return is compared with T (strictly greater, exactly); legs that fail are
 *    reported in `losingLegs` and `allReturnMoreThanTotal` is false — the caller must say so.
 * 5. Each stake is compared with its book's minimum (₦100 unless configured); legs below it
 *    are reported in `belowMinimum` (the split is never inflated past T to meet them), and
 *    `minimumTotal` gives the smallest total for which the split is placeable and profitable.
 *
 * Worked example (published): best prices 3.1 / 3.5 / 3.1, T = ₦10,000. A = 0.9308756,
 * ideal stakes 3465.35 / 3069.31 / 3465.35 → rounded 3465 / 3069 / 3465 = 9,999, L = +1.
 * Returns 3465 × 3.1 = 3069 × 3.5 = 3465 × 3.1 = ₦10,741.50 tie, so the last leg takes the
 * Naira: ₦3,465 / ₦3,069 / ₦3,466, returns ₦10,741.50 / ₦10,741.50 / ₦10,744.60, all > ₦10,000.
 *
 * `legs` are the chosen prices with the provider whose minimum applies (null: default minimum).
 * Throws RangeError when T is not a positive safe integer or there are fewer than two valid prices.
 */
export function splitStake(
  total: number,
  legs: ReadonlyArray<{ value: number; providerId?: number | null }>,
  options: SplitStakeOptions = {},
): StakeSplit {
  if (!Number.isSafeInteger(total) || total <= 0) throw new RangeError(`total stake must be whole Naira > 0: ${total}`);
  const x = exact(legs.map((l) => l.value));
  const minimums = legs.map((l) => {
    const configured = l.providerId == null ? undefined : options.minimumStakes?.[l.providerId];
    return configured ?? options.defaultMinimumStake ?? DEFAULT_MIN_STAKE_NAIRA;
  });
  const t = BigInt(total);
  const { stakes, leftover, leftoverLeg } = roundedStakes(t, x);
  const sum = arbitrageSum(legs.map((l) => l.value));
  const out: StakeLeg[] = legs.map((l, i) => {
    const stake = stakes[i]!;
    const returnExact = stake * x.units[i]!; // return × 10^s
    const returnKobo = Number(divRoundHalfUp(returnExact * 100n, x.unit));
    return {
      value: l.value,
      providerId: l.providerId ?? null,
      idealStake: total / l.value / sum,
      stake: Number(stake),
      minimumStake: minimums[i]!,
      belowMinimum: Number(stake) < minimums[i]!,
      returnKobo,
      return: koboToNaira(returnKobo),
      returnsMoreThanTotal: returnExact > t * x.unit,
    };
  });
  const losingLegs = out.flatMap((l, i) => (l.returnsMoreThanTotal ? [] : [i]));
  const belowMinimum = out.flatMap((l, i) => (l.belowMinimum ? [i] : []));
  return {
    total,
    legs: out,
    leftover: Number(leftover),
    leftoverLeg,
    allReturnMoreThanTotal: losingLegs.length === 0,
    losingLegs,
    belowMinimum,
    placeable: belowMinimum.length === 0,
    guaranteedProfit: Math.min(...out.map((l) => l.returnKobo)) / 100 - total,
    minimumTotal: minimumTotal(x, minimums),
  };
}

/** How far above the minimum-stake bound {@link StakeSplit.minimumTotal} is searched, in Naira. */
const MINIMUM_TOTAL_SEARCH = 20_000;

/** Smallest T whose rounded split meets every minimum and returns more than T on every leg. */
function minimumTotal(x: ExactPrices, minimums: readonly number[]): number | null {
  if (x.unit * x.denominator >= x.product) return null; // A ≥ 1: no total is profitable
  // Leg i's stake is at most its ideal T·Pᵢ/D plus ½ plus the leftover (|L| ≤ n/2), so below
  // T = (minᵢ − n − 1)·D/Pᵢ it cannot reach minᵢ: no smaller total qualifies. Scan up from there.
  const n = BigInt(minimums.length);
  let lower = 1n;
  minimums.forEach((m, i) => {
    const bound = ((BigInt(Math.ceil(m)) - n - 1n) * x.denominator) / x.partials[i]!;
    if (bound > lower) lower = bound;
  });
  for (let t = lower; t < lower + BigInt(MINIMUM_TOTAL_SEARCH); t++) {
    const { stakes } = roundedStakes(t, x);
    if (stakes.every((s, i) => Number(s) >= minimums[i]! && s * x.units[i]! > t * x.unit)) return Number(t);
  }
  return null;
}
