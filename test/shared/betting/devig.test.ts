import fc from 'fast-check';
import {
  DEFAULT_DEVIG_METHOD,
  DEVIG_METHODS,
  devig,
  devigAdditive,
  devigMultiplicative,
  devigPower,
  devigShin,
  edge,
  edgePct,
  fairMarket,
  fairPrices,
  fairValue,
  impliedProbabilities,
  isCompleteMarket,
  isDevigMethod,
  isValueBet,
} from '@shared/betting/devig';
import { OddsFlag } from '@shared/lookups';
import { anyMarket, bookMarket } from './arbitraries';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

describe('published values (docs/architecture.md#http-api)', () => {
  it('Shin on 2.6 / 2.4 / 4.3 → 0.37299406 / 0.40477941 / 0.22222653, z = 0.0169425', () => {
    const { probabilities, z } = devigShin([2.6, 2.4, 4.3]);
    expect(probabilities[0]).toBeCloseTo(0.37299406, 8);
    expect(probabilities[1]).toBeCloseTo(0.40477941, 8);
    expect(probabilities[2]).toBeCloseTo(0.22222653, 8);
    expect(z).toBeCloseTo(0.0169425, 7);
    expect(devig([2.6, 2.4, 4.3], 'shin').z).toBeCloseTo(0.0169425, 7);
  });

  it('multiplicative on 2.7 / 2.3 / 4.4 → 0.35873804 / 0.42112726 / 0.22013470 (and is the default)', () => {
    const p = devigMultiplicative([2.7, 2.3, 4.4]);
    expect(p[0]).toBeCloseTo(0.35873804, 8);
    expect(p[1]).toBeCloseTo(0.42112726, 8);
    expect(p[2]).toBeCloseTo(0.2201347, 8);
    expect(DEFAULT_DEVIG_METHOD).toBe('multiplicative');
    expect(devig([2.7, 2.3, 4.4]).probabilities).toEqual(p);
  });
});

describe('methods against hand arithmetic', () => {
  it('additive takes (A − 1)/n off every implied probability', () => {
    // π = 0.5, 0.3125, 0.25 → A = 1.0625, θ = 0.0208333
    const { probabilities, clamped } = devigAdditive([2, 3.2, 4]);
    expect(probabilities[0]).toBeCloseTo(0.5 - 0.0625 / 3, 12);
    expect(probabilities[1]).toBeCloseTo(0.3125 - 0.0625 / 3, 12);
    expect(probabilities[2]).toBeCloseTo(0.25 - 0.0625 / 3, 12);
    expect(clamped).toEqual([]);
  });

  it('additive sets a long shot that would go negative to 0 and spreads the rest over the others', () => {
    // π = 0.990099, 0.066667, 0.016667 (A = 1.073432): (A − 1)/3 = 0.024477 > 0.016667, so the
    // long shot is clamped and θ = (0.990099 + 0.066667 − 1)/2 = 0.028383 on the other two.
    const { probabilities, clamped } = devigAdditive([1.01, 15, 60]);
    const theta = (1 / 1.01 + 1 / 15 - 1) / 2;
    expect(probabilities[0]).toBeCloseTo(1 / 1.01 - theta, 12);
    expect(probabilities[1]).toBeCloseTo(1 / 15 - theta, 12);
    expect(probabilities[2]).toBe(0);
    expect(clamped).toEqual([2]);
    expect(sum(probabilities)).toBeCloseTo(1, 12);
    expect(devig([1.01, 15, 60], 'additive').clamped).toEqual([2]);
  });

  it('power finds k with Σ πᵢᵏ = 1 (k > 1 for a margin, k < 1 for an under-round book)', () => {
    const { probabilities, k } = devigPower([2.7, 2.3, 4.4]);
    expect(k).toBeGreaterThan(1);
    expect(sum([2.7, 2.3, 4.4].map((o) => (1 / o) ** k))).toBeCloseTo(1, 12);
    expect(probabilities[0]).toBeCloseTo((1 / 2.7) ** k, 12);
    expect(devigPower([2.5, 2.6]).k).toBeLessThan(1);
    // A fair book is left alone.
    const fair = devigPower([2, 4, 4]);
    expect(fair.k).toBeCloseTo(1, 12);
    expect(fair.probabilities[0]).toBeCloseTo(0.5, 12);
  });

  it('power favours the favourite over multiplicative (long-shot bias)', () => {
    const power = devigPower([1.5, 4, 7]).probabilities;
    const mult = devigMultiplicative([1.5, 4, 7]);
    expect(power[0]).toBeGreaterThan(mult[0]!);
    expect(power[2]).toBeLessThan(mult[2]!);
  });

  it('Shin equals additive with two selections (also for an under-round book, z < 0)', () => {
    for (const prices of [
      [1.9, 2.1],
      [1.25, 3.6],
      [2.5, 2.6],
    ]) {
      const shin = devigShin(prices);
      const additive = devigAdditive(prices).probabilities;
      expect(shin.probabilities[0]).toBeCloseTo(additive[0]!, 10);
      expect(shin.probabilities[1]).toBeCloseTo(additive[1]!, 10);
    }
    expect(devigShin([2.5, 2.6]).z).toBeLessThan(0);
    expect(devigShin([2, 2]).z).toBeCloseTo(0, 12);
  });

  it('implied probabilities are 1/o', () => {
    expect(impliedProbabilities([2, 4, 5])).toEqual([0.5, 0.25, 0.2]);
  });

  it('rejects incomplete or invalid markets', () => {
    expect(isCompleteMarket([2, 2])).toBe(true);
    expect(isCompleteMarket([2])).toBe(false);
    expect(isCompleteMarket([2, null])).toBe(false);
    expect(isCompleteMarket([2, 1])).toBe(false);
    expect(isCompleteMarket([2, Number.NaN])).toBe(false);
    for (const method of DEVIG_METHODS) {
      expect(() => devig([2, 1], method)).toThrow(RangeError);
      expect(() => devig([3], method)).toThrow(RangeError);
    }
    expect(() => devig([2, 2], 'median' as never)).toThrow(RangeError);
  });

  it('recognises method names', () => {
    expect(DEVIG_METHODS.every(isDevigMethod)).toBe(true);
    expect(isDevigMethod('Shin')).toBe(false);
    expect(isDevigMethod(undefined)).toBe(false);
  });
});

describe('fair prices across books', () => {
  it('averages the de-vigged probabilities of the books that price the whole market, unboosted', () => {
    const a = [2.7, 2.3, 4.4];
    const b = [2.6, 2.4, 4.3];
    const fair = fairMarket([
      { providerId: 1, prices: a },
      { providerId: 2, prices: [2.8, null, 4.5] }, // incomplete: left out
      { providerId: 3, prices: b },
      { providerId: 4, prices: [{ value: 3.5, flags: OddsFlag.Boosted }, 2.3, 4.4] }, // boosted: left out
      { providerId: 5, prices: [{ value: 2.7, flags: OddsFlag.Increased }, 2.3, 4.4] }, // a movement flag is fine
    ])!;
    expect(fair.providerIds).toEqual([1, 3, 5]);
    const pa = devigMultiplicative(a);
    const pb = devigMultiplicative(b);
    fair.probabilities.forEach((p, i) => expect(p).toBeCloseTo((2 * pa[i]! + pb[i]!) / 3, 14));
    fair.odds.forEach((o, i) => expect(o).toBeCloseTo(1 / fair.probabilities[i]!, 12));
    expect(sum(fair.probabilities)).toBeCloseTo(1, 14);
  });

  it('uses the chosen method and gives no fair price for a selection at probability 0', () => {
    const fair = fairPrices([[1.01, 15, 60]], 'additive')!;
    expect(fair.odds[2]).toBeNull();
    expect(fair.odds[0]).toBeCloseTo(1 / fair.probabilities[0]!, 12);
    const shin = fairPrices([[2.6, 2.4, 4.3]], 'shin')!;
    expect(shin.probabilities[0]).toBeCloseTo(0.37299406, 8);
  });

  it('is null when no book prices the whole market', () => {
    expect(fairMarket([])).toBeNull();
    expect(fairPrices([[2, undefined]])).toBeNull();
  });
});

describe('edge and rounding', () => {
  it('edge = price × p − 1, in percent with two decimals', () => {
    expect(edge(2.2, 0.5)).toBeCloseTo(0.1, 12);
    expect(edgePct(2.2, 0.5)).toBe(10);
    expect(edgePct(2.04, 0.5)).toBe(2);
    expect(edgePct(1.9, 0.5)).toBe(-5);
    // 3.1 × 0.35873804 − 1 = 0.11208792 → 11.21 %
    expect(edgePct(3.1, 0.35873804)).toBe(11.21);
  });

  it('min is inclusive on the rounded edge shown', () => {
    expect(isValueBet(2.04, 0.5, 2)).toBe(true);
    expect(isValueBet(2.03992, 0.5, 2)).toBe(true); // edge 1.996 % shows as 2.00 %
    expect(isValueBet(2.0398, 0.5, 2)).toBe(false); // 1.99 %
  });

  it('fair value = 1/p with two decimals', () => {
    expect(fairValue(0.35873804)).toBe(2.79);
    expect(fairValue(0.5)).toBe(2);
    expect(fairValue(0)).toBeNull();
  });
});

describe('properties', () => {
  it.each(DEVIG_METHODS)(
    '%s: probabilities are in [0, 1] and sum to 1 on every market with overround ≥ 0',
    (method) => {
      fc.assert(
        fc.property(bookMarket, (prices) => {
          const { probabilities } = devig(prices, method);
          expect(probabilities).toHaveLength(prices.length);
          expect(Math.abs(sum(probabilities) - 1)).toBeLessThan(1e-12);
          for (const p of probabilities) expect(p >= 0 && p <= 1).toBe(true);
        }),
        { numRuns: 500 },
      );
    },
  );

  it.each(DEVIG_METHODS)('%s: still sums to 1 when the book is under-round', (method) => {
    fc.assert(
      fc.property(anyMarket, (prices) => {
        expect(Math.abs(sum(devig(prices, method).probabilities) - 1)).toBeLessThan(1e-12);
      }),
      { numRuns: 300 },
    );
  });

  it('every method keeps the order of the prices (a shorter price is never less likely)', () => {
    fc.assert(
      fc.property(bookMarket, (prices) => {
        for (const method of DEVIG_METHODS) {
          const p = devig(prices, method).probabilities;
          prices.forEach((o, i) =>
            prices.forEach((o2, j) => {
              if (o < o2) expect(p[i]! + 1e-12).toBeGreaterThanOrEqual(p[j]!);
            }),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fair probabilities across books sum to 1 and fair odds are 1/p', () => {
    fc.assert(
      fc.property(
        fc.array(bookMarket, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...DEVIG_METHODS),
        (books, method) => {
          const n = books[0]!.length;
          const same = books.filter((b) => b.length === n);
          const fair = fairPrices(same, method)!;
          expect(Math.abs(sum(fair.probabilities) - 1)).toBeLessThan(1e-12);
          fair.odds.forEach((o, i) => {
            if (o !== null) expect(o * fair.probabilities[i]!).toBeCloseTo(1, 12);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
