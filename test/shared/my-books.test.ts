import type { MarketOddsDto } from '../../src/shared/contract/odds';
import { OddsFlag } from '../../src/shared/lookups';
import { bestAmong, mineFirst, normalizeBooks, parseBooksParam, rowsOfBooks } from '../../src/shared/my-books';

const row = (providerId: number, values: number[], stale = false) => ({
  providerId,
  margin: null,
  ...(stale ? { stale: true as const } : {}),
  odds: values.map((value, i) => ({ selectionTypeId: i + 1, value, flags: OddsFlag.Increased })),
});

describe('my bookmakers', () => {
  it('keeps known books once, in the lookups order, and names the first unknown one', () => {
    expect(normalizeBooks([5, 1, 5, 3])).toEqual({ books: [1, 3, 5] });
    expect(normalizeBooks([])).toEqual({ books: [] });
    expect(normalizeBooks([2, 9, 0])).toEqual({ books: [], unknown: 9 });
    expect(parseBooksParam('3,1')).toEqual({ books: [1, 3] });
    expect(parseBooksParam('1,6')).toEqual({ books: [], unknown: 6 });
  });

  it('puts the chosen books first, each group in its given order', () => {
    expect(mineFirst([1, 2, 3, 4, 5], [4, 2])).toEqual([2, 4, 1, 3, 5]);
    expect(mineFirst([1, 2, 3], [])).toEqual([1, 2, 3]);
  });

  it('marks the best price among the chosen books only, never a stale one, keeping other flags', () => {
    const market: MarketOddsDto = {
      marketId: 1,
      odds: [row(1, [2.5, 3.0, 3.0]), row(2, [2.2, 3.4, 2.9]), row(3, [2.2, 3.6, 2.9], true), row(4, [2.0, 3.1, 2.9])],
    };
    const best = (m: MarketOddsDto) =>
      m.odds.map((r) => r.odds.map((p) => ((p.flags & OddsFlag.Best) !== 0 ? 'B' : '.')).join(''));
    expect(best(bestAmong(market, [2, 3, 4]))).toEqual(['...', 'BBB', '...', '..B']);
    expect(bestAmong(market, [2, 3, 4]).odds.every((r) => r.odds.every((p) => p.flags & OddsFlag.Increased))).toBe(
      true,
    );
    expect(rowsOfBooks(market, [4, 1]).odds.map((r) => r.providerId)).toEqual([1, 4]);
  });
});
