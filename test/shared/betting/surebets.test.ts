import fc from 'fast-check';
import {
  DEFAULT_MIN_STAKE_NAIRA,
  arbitrageSum,
  bestPrices,
  findSurebet,
  isSurebet,
  splitStake,
  surebetProfitPct,
} from '@shared/betting/surebets';
import { OddsFlag } from '@shared/lookups';
import { anyMarket, surebetPrices } from './arbitraries';

const legsOf = (prices: readonly number[]) => prices.map((value, i) => ({ value, providerId: i + 1 }));
/** Independent arithmetic: two-decimal prices as integer cents, returns in kobo as plain integers. */
const cents = (price: number) => Math.round(price * 100);

describe('published values (docs/architecture.md#http-api)', () => {
  it('best prices 3.1 / 3.5 / 3.1 → profit 7.43 %', () => {
    expect(arbitrageSum([3.1, 3.5, 3.1])).toBeCloseTo(0.93087558, 8);
    expect(surebetProfitPct([3.1, 3.5, 3.1])).toBe(7.43);
    expect(isSurebet([3.1, 3.5, 3.1])).toBe(true);
  });

  it('₦10,000 → ₦3,465 / ₦3,069 / ₦3,466, returns ₦10,741.50 / ₦10,741.50 / ₦10,744.60', () => {
    const split = splitStake(10_000, legsOf([3.1, 3.5, 3.1]));
    expect(split.legs.map((l) => l.stake)).toEqual([3465, 3069, 3466]);
    expect(split.legs.map((l) => l.return)).toEqual([10741.5, 10741.5, 10744.6]);
    expect(split.legs.map((l) => l.returnKobo)).toEqual([1_074_150, 1_074_150, 1_074_460]);
    // Rounded 3465 + 3069 + 3465 = 9,999: one Naira left; all three returns tie at ₦10,741.50,
    // so it goes on the last leg.
    expect(split.leftover).toBe(1);
    expect(split.leftoverLeg).toBe(2);
    expect(split.allReturnMoreThanTotal).toBe(true);
    expect(split.losingLegs).toEqual([]);
    expect(split.placeable).toBe(true);
    expect(split.guaranteedProfit).toBe(741.5);
  });
});

describe('best prices and sure bets', () => {
  const books = [
    { providerId: 1, prices: [3.1, 3.2, 2.9] },
    { providerId: 2, prices: [3.0, 3.5, { value: 3.6, flags: OddsFlag.Boosted }] },
    { providerId: 3, prices: [3.1, null, 3.1] },
  ];

  it('takes the highest price per selection, the first book on a tie, boosts only when asked', () => {
    expect(bestPrices(books)).toEqual([
      { value: 3.1, providerId: 1, providerIds: [1, 3] },
      { value: 3.5, providerId: 2, providerIds: [2] },
      { value: 3.1, providerId: 3, providerIds: [3] },
    ]);
    expect(bestPrices(books, true)[2]).toEqual({ value: 3.6, providerId: 2, providerIds: [2] });
    expect(bestPrices([{ providerId: 1, prices: [2, null] }])[1]).toBeNull();
  });

  it('finds the sure bet of the published example', () => {
    const surebet = findSurebet(books)!;
    expect(surebet.profitPct).toBe(7.43);
    expect(surebet.legs.map((l) => [l.providerId, l.value])).toEqual([
      [1, 3.1],
      [2, 3.5],
      [3, 3.1],
    ]);
    // With the boost: 1/3.1 + 1/3.5 + 1/3.6 = 0.886073 → 1/A − 1 = 12.86 %
    expect(findSurebet(books, true)!.profitPct).toBe(12.86);
  });

  it('is no sure bet at A ≥ 1 (exactly: 2.0 / 2.0 is A = 1) or with an unpriced selection', () => {
    expect(isSurebet([2, 2])).toBe(false);
    expect(surebetProfitPct([2, 2])).toBeNull();
    expect(isSurebet([3, 3, 3])).toBe(false);
    expect(isSurebet([2.01, 2])).toBe(true);
    expect(findSurebet([{ providerId: 1, prices: [2.1, 2.1] }])!.profitPct).toBe(5);
    expect(findSurebet([{ providerId: 1, prices: [1.9, 1.9] }])).toBeNull();
    expect(findSurebet([{ providerId: 1, prices: [3.1, null, 3.1] }])).toBeNull();
    expect(findSurebet([])).toBeNull();
  });
});

describe('stake split', () => {
  it('takes a negative leftover from the leg with the lowest return, and reports a leg that then loses', () => {
    // 2.02 / 2.02 at ₦101: ideal 50.5 / 50.5 → 51 / 51 = 102, one Naira too many; both return
    // ₦103.02, so the last leg gives it back: 51 / 50, returns ₦103.02 / ₦101.00 — not more than ₦101.
    const split = splitStake(101, legsOf([2.02, 2.02]), { defaultMinimumStake: 1 });
    expect(split.leftover).toBe(-1);
    expect(split.leftoverLeg).toBe(1);
    expect(split.legs.map((l) => l.stake)).toEqual([51, 50]);
    expect(split.legs.map((l) => l.return)).toEqual([103.02, 101]);
    expect(split.allReturnMoreThanTotal).toBe(false);
    expect(split.losingLegs).toEqual([1]);
    // ₦103 splits 52 / 51 (ideal 51.5 / 51.5 → 52 / 52, the last gives one back): ₦105.04 / ₦103.02, both > ₦103.
    const next = splitStake(103, legsOf([2.02, 2.02]), { defaultMinimumStake: 1 });
    expect(next.legs.map((l) => l.stake)).toEqual([52, 51]);
    expect(next.allReturnMoreThanTotal).toBe(true);
  });

  it('says so when a leg returns no more than the total', () => {
    const split = splitStake(100, legsOf([1.9, 1.9]), { defaultMinimumStake: 1 });
    expect(split.allReturnMoreThanTotal).toBe(false);
    expect(split.losingLegs).toEqual([0, 1]);
    expect(split.guaranteedProfit).toBe(-5);
    expect(split.minimumTotal).toBeNull();
    // A sure bet can still lose to rounding at a tiny stake: ₦3 on 3.1 / 3.5 / 3.1 → 1 / 1 / 1.
    const tiny = splitStake(3, legsOf([3.1, 3.5, 3.1]));
    expect(tiny.legs.map((l) => l.stake)).toEqual([1, 1, 1]);
    expect(tiny.allReturnMoreThanTotal).toBe(true);
    const two = splitStake(2, legsOf([3.1, 3.5, 3.1]));
    expect(two.legs.map((l) => l.stake).reduce((s, v) => s + v)).toBe(2);
    expect(two.allReturnMoreThanTotal).toBe(false);
  });

  it('reports stakes below the book minimum (₦100 unless configured) and the smallest placeable total', () => {
    expect(DEFAULT_MIN_STAKE_NAIRA).toBe(100);
    const legs = legsOf([3.1, 3.5, 3.1]);
    const split = splitStake(300, legs);
    // 300 → 104 / 92 / 104: the 3.5 leg is below ₦100.
    expect(split.legs.map((l) => l.stake)).toEqual([104, 92, 104]);
    expect(split.belowMinimum).toEqual([1]);
    expect(split.placeable).toBe(false);
    expect(split.legs[1]!.minimumStake).toBe(100);
    // 324 → 112 / 99 / 112 = 323, the Naira goes on the 3.5 leg (₦346.50 is the lowest return):
    // 112 / 100 / 112. At 323 the 3.5 leg gets 99.
    expect(split.minimumTotal).toBe(324);
    expect(splitStake(324, legs).placeable).toBe(true);
    expect(splitStake(323, legs).placeable).toBe(false);

    const configured = splitStake(300, legs, { minimumStakes: { 2: 50, 3: 200 } });
    expect(configured.legs.map((l) => l.minimumStake)).toEqual([100, 50, 200]);
    expect(configured.belowMinimum).toEqual([2]);
    expect(splitStake(300, legs, { defaultMinimumStake: 10 }).placeable).toBe(true);
  });

  it('rejects a total that is not whole Naira, and invalid prices', () => {
    expect(() => splitStake(100.5, legsOf([3.1, 3.5, 3.1]))).toThrow(RangeError);
    expect(() => splitStake(0, legsOf([3.1, 3.5, 3.1]))).toThrow(RangeError);
    expect(() => splitStake(100, legsOf([3.1]))).toThrow(RangeError);
    expect(() => splitStake(100, legsOf([3.1, 1]))).toThrow(RangeError);
  });

  it('is exact on prices with more than two decimals', () => {
    // 1.875 / 2.25: A = 0.977778; ₦1,000 → ideal 545.45 / 454.55 → 545 / 455, returns ₦1,021.875 → ₦1,021.88 and ₦1,023.75.
    const split = splitStake(1000, legsOf([1.875, 2.25]));
    expect(split.legs.map((l) => l.stake)).toEqual([545, 455]);
    expect(split.legs.map((l) => l.return)).toEqual([1021.88, 1023.75]);
  });
});

describe('properties', () => {
  const total = fc.integer({ min: 1, max: 10_000_000 });

  it('rounding never loses or invents a Naira: Σ stakes = T, each stake within ⌊n/2⌋ + ½ of its ideal', () => {
    fc.assert(
      fc.property(fc.oneof(surebetPrices, anyMarket), total, (prices, t) => {
        const split = splitStake(t, legsOf(prices), { defaultMinimumStake: 0 });
        const stakes = split.legs.map((l) => l.stake);
        expect(stakes.reduce((s, v) => s + v, 0)).toBe(t);
        for (const s of stakes) expect(Number.isInteger(s) && s >= 0).toBe(true);
        expect(Math.abs(split.leftover)).toBeLessThanOrEqual(Math.floor(prices.length / 2));
        split.legs.forEach((l) =>
          expect(Math.abs(l.stake - l.idealStake)).toBeLessThanOrEqual(Math.abs(split.leftover) + 0.5 + 1e-6),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('whenever the report says every leg returns more than the stake, it is true (and the other way round)', () => {
    fc.assert(
      fc.property(fc.oneof(surebetPrices, anyMarket), total, (prices, t) => {
        const split = splitStake(t, legsOf(prices));
        const returnsKobo = split.legs.map((l, i) => l.stake * cents(prices[i]!));
        expect(split.legs.map((l) => l.returnKobo)).toEqual(returnsKobo);
        const allMore = returnsKobo.every((r) => r > t * 100);
        expect(split.allReturnMoreThanTotal).toBe(allMore);
        expect(split.losingLegs).toEqual(returnsKobo.flatMap((r, i) => (r > t * 100 ? [] : [i])));
        expect(split.guaranteedProfit).toBeCloseTo(Math.min(...returnsKobo) / 100 - t, 6);
      }),
      { numRuns: 1000 },
    );
  });

  it('the leftover goes on the leg with the lowest return before correction, the last one on a tie', () => {
    fc.assert(
      fc.property(surebetPrices, total, (prices, t) => {
        const split = splitStake(t, legsOf(prices), { defaultMinimumStake: 0 });
        if (split.leftoverLeg === null) return;
        const before = split.legs.map((l, i) => (i === split.leftoverLeg ? l.stake - split.leftover : l.stake));
        const returns = before.map((s, i) => s * cents(prices[i]!));
        const lowest = Math.min(...returns);
        expect(split.leftoverLeg).toBe(returns.lastIndexOf(lowest));
      }),
      { numRuns: 1000 },
    );
  });

  it('on a sure bet a total large enough for the rounding always returns more than the stake', () => {
    // Rounding moves a return by at most (⌊n/2⌋ + ½) × price, while the profit is T × (1/A − 1).
    fc.assert(
      fc.property(surebetPrices, total, (prices, t) => {
        const a = prices.reduce((s, o) => s + 1 / o, 0);
        fc.pre(t * (1 / a - 1) > 1.5 * Math.max(...prices) + 1);
        expect(splitStake(t, legsOf(prices)).allReturnMoreThanTotal).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the minimum total is placeable and profitable, and one Naira less is not', () => {
    fc.assert(
      fc.property(surebetPrices, fc.integer({ min: 1, max: 1000 }), (prices, minimum) => {
        const options = { defaultMinimumStake: minimum };
        const split = splitStake(1000, legsOf(prices), options);
        const m = split.minimumTotal;
        fc.pre(m !== null); // only for profits too thin to survive rounding near the minimums
        const at = splitStake(m!, legsOf(prices), options);
        expect(at.placeable && at.allReturnMoreThanTotal).toBe(true);
        if (m! > 1) {
          const below = splitStake(m! - 1, legsOf(prices), options);
          expect(below.placeable && below.allReturnMoreThanTotal).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('profit % matches 1/A − 1 on the sure bets generated', () => {
    fc.assert(
      fc.property(surebetPrices, (prices) => {
        const a = prices.reduce((s, o) => s + 1 / o, 0);
        expect(Math.abs(surebetProfitPct(prices)! - (1 / a - 1) * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});
