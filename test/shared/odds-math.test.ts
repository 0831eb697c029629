import {
  bestIndexes,
  formatMargin,
  formatOdds,
  marginLevel,
  marketMargin,
  marketMarginOf,
  movementFlag,
  round2,
} from '@shared/odds-math';
import { oddsSignature, fnv1a32 } from '@shared/signature';

describe('margin (docs/architecture.md#odds-model)', () => {
  it('computes the overround of a real 1X2 book (Bet365, Arsenal v Chelsea 2024/25)', () => {
    // 1/2.10 + 1/3.40 + 1/3.50 = 0.47619 + 0.29412 + 0.28571 = 1.05602 → 5.60 %
    expect(marketMargin(1, [2.1, 3.4, 3.5])).toBe(5.6);
  });

  it('halves the book for double chance, where each outcome is covered twice', () => {
    // DC prices from a fair 1X2 of 2.0/4.0/4.0 with no margin: 1X 1.333…, 12 1.333…, X2 2.0
    expect(marketMargin(8, [4 / 3, 4 / 3, 2])).toBe(0);
    // (0.8 + 0.76923 + 0.52632) / 2 = 1.04777 → 4.78 %
    expect(marketMargin(8, [1.25, 1.3, 1.9])).toBe(4.78);
  });

  it('is null when a selection is missing or a price is not a price', () => {
    expect(marketMargin(1, [2.1, null, 3.5])).toBeNull();
    expect(marketMargin(4, [1.9, undefined])).toBeNull();
    expect(marketMargin(4, [])).toBeNull();
    expect(marketMargin(4, [1.0, 2])).toBeNull();
  });

  it('gives the same margin over a scratch of numbers, NaN for a missing price, read as far as its count', () => {
    const cases: Array<[number, Array<number | null>]> = [
      [1, [2.1, 3.4, 3.5]],
      [8, [1.25, 1.3, 1.9]],
      [4, [1.9, null]],
      [4, [1.0, 2]],
      [4, [Infinity, 2]],
      [4, [-Infinity, 2]],
      [2, []],
    ];
    const scratch = new Float64Array(8).fill(7);
    for (const [marketId, prices] of cases) {
      prices.forEach((p, i) => (scratch[i] = p === null ? Number.NaN : p));
      // The slots past the count hold a price of an earlier market: not read.
      expect(marketMarginOf(marketId, scratch, prices.length)).toBe(marketMargin(marketId, prices));
    }
    expect(marketMarginOf(1, Float64Array.of(2.1, 3.4, 3.5), 3)).toBe(5.6);
  });

  it('rounds half away from zero without binary artefacts', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(6.4249)).toBe(6.42);
  });

  it('picks the badge level at 5 and 10 and a neutral badge for null', () => {
    expect([0, 5, 5.01, 10, 10.01, null].map(marginLevel)).toEqual([
      'success',
      'success',
      'warning',
      'warning',
      'danger',
      'secondary',
    ]);
  });

  it('formats odds with 2 decimals or "-"', () => {
    expect(formatOdds(2.1)).toBe('2.10');
    expect(formatOdds(null)).toBe('-');
    expect(formatOdds(undefined)).toBe('-');
    expect(formatMargin(6.4)).toBe('6.40%');
    expect(formatMargin(null)).toBe('-');
  });

  it('marks every best price on a tie, none when nobody prices it', () => {
    expect(bestIndexes([2.1, 2.15, null, 2.15])).toEqual([1, 3]);
    expect(bestIndexes([null, undefined])).toEqual([]);
  });

  it('flags the direction of a move', () => {
    expect(movementFlag(2.0, 2.1)).toBe(2);
    expect(movementFlag(2.1, 2.0)).toBe(4);
    expect(movementFlag(2.0, 2.0)).toBe(0);
    expect(movementFlag(null, 2.0)).toBe(0);
  });
});

describe('odds signature (docs/product.md#calls)', () => {
  it('is FNV-1a 32-bit: published test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes UTF-8 bytes, not UTF-16 units (checked against a BigInt reference)', () => {
    const reference = (text: string): number => {
      let h = 0x811c9dc5n;
      for (const byte of Buffer.from(text, 'utf8')) h = ((h ^ BigInt(byte)) * 0x01000193n) % 2n ** 32n;
      return Number(h);
    };
    for (const text of ['é', 'Müller|1|2|3', 'x'.repeat(300), '₦ 1,000']) expect(fnv1a32(text)).toBe(reference(text));
  });

  it('signs `${ak}|${country}|${competition}|${market}` as an unsigned decimal', () => {
    const k = oddsSignature('abc', 1, 2, 3);
    expect(k).toBe(String(fnv1a32('abc|1|2|3')));
    expect(k).toMatch(/^\d+$/);
    expect(oddsSignature('abc', 'nigeria', 2, 3)).not.toBe(k);
    expect(oddsSignature('abd', 1, 2, 3)).not.toBe(k);
  });
});
