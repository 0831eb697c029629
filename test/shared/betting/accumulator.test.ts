import fc from 'fast-check';
import {
  accumulatorPrice,
  compareAccumulator,
  potentialReturn,
  potentialReturnKobo,
  setLeg,
} from '@shared/betting/accumulator';
import { OddsFlag } from '@shared/lookups';
import { price2 } from './arbitraries';

describe('accumulator price and return', () => {
  it('multiplies the book’s prices, only when it prices every leg', () => {
    expect(accumulatorPrice([1.5, 2.1, 1.8])).toBeCloseTo(5.67, 12);
    expect(accumulatorPrice([1.5, null, 1.8])).toBeNull();
    expect(accumulatorPrice([1.5, 1])).toBeNull();
    expect(accumulatorPrice([])).toBeNull();
    expect(accumulatorPrice([{ value: 2, flags: OddsFlag.Boosted }, 1.5])).toBe(3);
  });

  it('returns stake × Π oᵢ exactly to the kobo, halves up', () => {
    // ₦1,000 on 1.5 × 2.1 × 1.8 = 5.67 → ₦5,670.00
    expect(potentialReturn(1000, [1.5, 2.1, 1.8])).toBe(5670);
    // ₦1 on 1.25 × 1.02 = 1.275 → 127.5 kobo → 128 kobo (in floating point 1.25 × 1.02 × 100 = 127.49999…)
    expect(potentialReturnKobo(1, [1.25, 1.02])).toBe(128);
    expect(potentialReturn(10.5, 2.05)).toBe(21.53); // 21.525 → 21.53
    expect(() => potentialReturn(-1, 2)).toThrow(RangeError);
    expect(() => potentialReturn(1, [])).toThrow(RangeError);
  });
});

describe('comparison across books', () => {
  const books = [
    { providerId: 1, prices: [1.5, 2.1, 1.8] }, // 5.67
    { providerId: 2, prices: [1.55, 2.0, 1.85] }, // 5.735
    { providerId: 3, prices: [1.6, null, 1.9] }, // misses a leg
    { providerId: 4, prices: [1.45, 2.05, 1.8] }, // 5.3505
    { providerId: 5, prices: [1.5, 2.1] }, // misses the last leg
  ];

  it('names the best book and how much more it pays than the worst', () => {
    const c = compareAccumulator(books, { stake: 1000 })!;
    expect(c.books.map((b) => b.providerId)).toEqual([1, 2, 4]);
    expect(c.missing).toEqual([3, 5]);
    expect(c.best).toEqual([2]);
    expect(c.worst).toEqual([4]);
    expect(c.bestPrice).toBeCloseTo(5.735, 12);
    expect(c.worstPrice).toBeCloseTo(5.3505, 12);
    expect(c.books.map((b) => b.return)).toEqual([5670, 5735, 5350.5]);
    // ₦5,735.00 − ₦5,350.50 = ₦384.50; 5.735 / 5.3505 − 1 = 7.186 %
    expect(c.extraReturn).toBe(384.5);
    expect(c.extraPct).toBe(7.19);
  });

  it('ties exactly on equal products and works without a stake', () => {
    const c = compareAccumulator([
      { providerId: 1, prices: [2, 3, 1.5] },
      { providerId: 2, prices: [1.5, 2, 3] },
      { providerId: 3, prices: [3, 1.5, 2] },
    ])!;
    expect(c.best).toEqual([1, 2, 3]);
    expect(c.worst).toEqual([1, 2, 3]);
    expect(c.extraPct).toBe(0);
    expect(c.extraReturn).toBeNull();
    expect(c.books[0]!.return).toBeNull();
  });

  it('is null when no book prices every leg, or there are no legs', () => {
    expect(compareAccumulator([{ providerId: 1, prices: [2, null] }])).toBeNull();
    expect(compareAccumulator([{ providerId: 1, prices: [2] }], { legCount: 2 })).toBeNull();
    expect(compareAccumulator([])).toBeNull();
  });
});

describe('slip legs', () => {
  it('keeps one leg per match: a second pick on a match replaces the first in place', () => {
    const a = { eventId: 1, marketId: 1, selectionTypeId: 1 };
    const b = { eventId: 2, marketId: 4, selectionTypeId: 8 };
    const slip = setLeg(setLeg([], a), b);
    expect(slip).toEqual([a, b]);
    const changed = setLeg(slip, { eventId: 1, marketId: 7, selectionTypeId: 14 });
    expect(changed).toEqual([{ eventId: 1, marketId: 7, selectionTypeId: 14 }, b]);
    expect(slip).toEqual([a, b]);
  });
});

describe('properties', () => {
  const legs = fc.array(price2, { minLength: 1, maxLength: 8 });

  it('accumulator price equals the product of the prices', () => {
    fc.assert(
      fc.property(legs, (prices) => {
        const viaLogs = Math.exp(prices.reduce((s, p) => s + Math.log(p), 0));
        expect(accumulatorPrice(prices)! / viaLogs).toBeCloseTo(1, 10);
      }),
    );
  });

  it('the best book has the highest price and the largest return, the worst the lowest', () => {
    const book = (n: number) => fc.array(fc.option(price2, { freq: 8 }), { minLength: n, maxLength: n });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((n) => fc.array(book(n), { minLength: 1, maxLength: 5 })),
        fc.integer({ min: 1, max: 100_000 }),
        (priceLists, stake) => {
          const c = compareAccumulator(
            priceLists.map((prices, i) => ({ providerId: i + 1, prices })),
            { stake },
          );
          const complete = priceLists.flatMap((p, i) => (p.every((v) => v !== null) ? [i + 1] : []));
          if (complete.length === 0) return expect(c).toBeNull();
          expect(c!.books.map((b) => b.providerId)).toEqual(complete);
          const prices = c!.books.map((b) => b.price);
          for (const b of c!.books) {
            expect(b.price).toBeLessThanOrEqual(c!.bestPrice * (1 + 1e-12));
            expect(b.price).toBeGreaterThanOrEqual(c!.worstPrice * (1 - 1e-12));
          }
          // Independent exact return: Π cents over 100ⁿ, halves up, in integers.
          c!.books.forEach((b) => {
            const list = priceLists[b.providerId - 1] as number[];
            const num = list.reduce((p, v) => p * BigInt(Math.round(v * 100)), BigInt(stake * 100));
            const den = 100n ** BigInt(list.length);
            expect(b.returnKobo).toBe(Number((2n * num + den) / (2n * den)));
          });
          expect(c!.bestPrice).toBeCloseTo(Math.max(...prices), 10);
          expect(c!.extraReturn).toBeCloseTo(
            (Math.max(...c!.books.map((b) => b.returnKobo!)) - Math.min(...c!.books.map((b) => b.returnKobo!))) / 100,
            6,
          );
        },
      ),
    );
  });
});
