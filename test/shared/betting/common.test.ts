import {
  EXCLUSIVE_MARKET_IDS,
  divRoundHalfUp,
  isExclusiveMarket,
  priceValue,
  roundFair,
  roundPct,
  toCommonScale,
  toDecimal,
} from '@shared/betting/common';
import { DOUBLE_CHANCE_MARKET_ID, MARKETS, OddsFlag } from '@shared/lookups';

describe('exclusive markets', () => {
  it('are every market of the lookup except double chance', () => {
    expect(isExclusiveMarket(DOUBLE_CHANCE_MARKET_ID)).toBe(false);
    expect(isExclusiveMarket(1)).toBe(true);
    expect(isExclusiveMarket(99)).toBe(false);
    expect(EXCLUSIVE_MARKET_IDS).toEqual(MARKETS.map((m) => m.id).filter((id) => id !== DOUBLE_CHANCE_MARKET_ID));
  });
});

describe('prices', () => {
  it('reads bare and flagged prices, leaving out boosts unless asked', () => {
    expect(priceValue(2.5)).toBe(2.5);
    expect(priceValue(null)).toBeNull();
    expect(priceValue(1)).toBeNull();
    expect(priceValue(Number.POSITIVE_INFINITY)).toBeNull();
    expect(priceValue({ value: 2.5, flags: OddsFlag.Best | OddsFlag.Increased })).toBe(2.5);
    expect(priceValue({ value: 2.5, flags: OddsFlag.Boosted | OddsFlag.Best })).toBeNull();
    expect(priceValue({ value: 2.5, flags: OddsFlag.Boosted }, true)).toBe(2.5);
  });
});

describe('exact decimals and rounding', () => {
  it('reads a double as the decimal it prints as', () => {
    expect(toDecimal(3.1)).toEqual({ units: 31n, scale: 1 });
    expect(toDecimal(10000)).toEqual({ units: 10000n, scale: 0 });
    expect(toDecimal(1.875)).toEqual({ units: 1875n, scale: 3 });
    expect(toDecimal(1e21)).toEqual({ units: 10n ** 21n, scale: 0 });
    expect(toDecimal(1.5e-7)).toEqual({ units: 15n, scale: 8 });
    expect(() => toDecimal(0)).toThrow(RangeError);
    expect(toCommonScale([3.1, 3.55, 2])).toEqual({ units: [310n, 355n, 200n], scale: 2 });
  });

  it('rounds ratios half up and display values to two decimals', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(7n, 3n)).toBe(2n);
    expect(divRoundHalfUp(0n, 3n)).toBe(0n);
    expect(roundPct(0.074257)).toBe(7.43);
    expect(roundPct(-0.05)).toBe(-5);
    expect(roundFair(2.78755)).toBe(2.79);
  });
});
