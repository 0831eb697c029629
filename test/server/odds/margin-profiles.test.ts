import { marketMargin } from '@shared/odds-math';
import {
  REFERENCE_BOOKS,
  allRows,
  matchResultMargins,
  overUnderMargins,
  spread,
} from '../../../scripts/lib/calibration';
import { prices, readLeague } from '../../../scripts/lib/football-data';
import { nigerianMatchResultMargins } from '../../../scripts/lib/real-margins';
import { DemoFeed } from '../../../src/server/modules/odds/demo/demo-feed';
import {
  MARGIN_PROFILES,
  NAIRABET_ENHANCED_MARGIN,
  NIGERIAN_1X2_MARGINS,
  REFERENCE_1X2_MARGINS,
  REFERENCE_OU25_MARGINS,
  TOP_LEAGUE_FACTOR,
} from '../../../src/server/modules/odds/demo/margin-profiles';
import type { FeedBatch, FeedEvent } from '../../../src/shared/contract/ingest';

const round2 = (x: number) => Math.round(x * 100) / 100;

describe('margin calibration from the 2024/25 price files (over/under ratio)', () => {
  const rows = allRows();

  it('recomputes a real 1xBet margin: Man United v Fulham, 16/08/2024, 1.68 / 4.32 / 5.03', () => {
    const row = readLeague(1).find((r) => r.HomeTeam === 'Man United' && r.AwayTeam === 'Fulham');
    const book = row && prices(row, ['1XBH', '1XBD', '1XBA']);
    expect(book).toEqual([1.68, 4.32, 5.03]);
    // 1/1.68 + 1/4.32 + 1/5.03 = 0.59524 + 0.23148 + 0.19881 = 1.02553 → 2.55 %
    expect(marketMargin(1, book ?? [])).toBe(2.55);
  });

  it('keeps the committed reference margins equal to what the files say', () => {
    for (const book of REFERENCE_BOOKS) {
      const s = spread(matchResultMargins(rows, book));
      expect({ median: round2(s.median), p10: round2(s.p10), p90: round2(s.p90) }).toEqual(REFERENCE_1X2_MARGINS[book]);
    }
    for (const book of ['B365', 'P', 'Avg'] as const) {
      expect(round2(spread(overUnderMargins(rows, book)).median)).toBe(REFERENCE_OU25_MARGINS[book]);
    }
  });
});

describe('margin calibration from the Nigerian books’ real answers', () => {
  const real = nigerianMatchResultMargins();

  it('recomputes the committed table from the real fixture files', () => {
    // SportyBet: one full page (93 events, every 1X2 whole).
    const sporty = spread(real.sportybetPage);
    expect(real.sportybetPage).toHaveLength(93);
    expect({ median: sporty.median, p10: sporty.p10, p90: sporty.p90 }).toEqual(NIGERIAN_1X2_MARGINS[3]);
    const onex = spread(real.onexbetPage);
    expect(real.onexbetPage).toHaveLength(38);
    expect({ median: onex.median, p10: onex.p10, p90: onex.p90 }).toEqual(NIGERIAN_1X2_MARGINS[5]);
    // Bet9ja: 2.42 / 3.10 / 2.93 → 7.71 %.
    expect(real.bet9ja).toEqual([NIGERIAN_1X2_MARGINS[1].median]);
    // BetKing: two Premier League 1X2s, 4.14 and 5.21 %; the page-wide figure is their mean over the factor.
    expect([...real.betkingTopLeague].sort()).toEqual([4.14, 5.21]);
    const mean = (real.betkingTopLeague[0]! + real.betkingTopLeague[1]!) / 2;
    expect(round2(mean / TOP_LEAGUE_FACTOR)).toBe(NIGERIAN_1X2_MARGINS[2].median);
    // NairaBet: its enhanced 1X2 only.
    for (const m of real.nairabetEnhanced) expect(Math.abs(m - NAIRABET_ENHANCED_MARGIN)).toBeLessThan(0.1);
    expect(real.nairabetEnhanced.length).toBeGreaterThan(0);
  });

  it('has no book near the European 1xBet figure any more', () => {
    for (const p of Object.values(MARGIN_PROFILES)) {
      expect(p.matchResult.median).toBeGreaterThan(2 * REFERENCE_1X2_MARGINS['1XB'].median);
      expect(p.matchResult.median).toBeCloseTo(NIGERIAN_1X2_MARGINS[p.providerId as 1]!.median * TOP_LEAGUE_FACTOR, 1);
    }
  });
});

/** Several weeks of fixtures, one tick per week: every match's prices once. */
function weeks(seed: number, count: number): FeedBatch[] {
  const feed = new DemoFeed({ seed });
  const start = Date.parse('2026-01-02T00:00:00Z');
  return Array.from({ length: count }, (_, week) => feed.tick(start + week * 7 * 24 * 3600 * 1000)).flat();
}

describe('demo margins reproduce the calibrated ranges', () => {
  const byProvider = new Map<number, number[]>();
  const seen = new Set<string>();
  for (const batch of weeks(7, 12)) {
    for (const event of batch.events) {
      const key = `${batch.provider}|${event.externalId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const market = event.markets.find((m) => m.market === 1);
      if (!market || market.prices.length !== 3) continue;
      // Margins on regular prices: an enhanced or boosted price names the one it replaces.
      const margin = marketMargin(
        1,
        market.prices.map((p) => p.regularValue ?? p.value),
      );
      if (margin !== null) byProvider.set(batch.provider, [...(byProvider.get(batch.provider) ?? []), margin]);
    }
  }
  const median = (xs: number[]) => spread(xs).median;

  it.each(Object.values(MARGIN_PROFILES).map((p) => [p.providerId, p]))(
    'provider %i: median 1X2 margin within ±0.3 of its calibrated top-league median',
    (providerId, profile) => {
      const margins = byProvider.get(providerId as number) ?? [];
      expect(margins.length).toBeGreaterThan(300);
      const m = median(margins);
      expect(Math.abs(m - profile.matchResult.median)).toBeLessThan(0.3);
      expect(m).toBeGreaterThan(profile.matchResult.p10);
      expect(m).toBeLessThan(profile.matchResult.p90);
    },
  );
});

describe('best prices are spread over the books', () => {
  /** Share (%) of best prices each book holds over a run, on 1X2 and over/under 2.5 (ties count for each). */
  function bestShares(batches: readonly FeedBatch[]): { shares: Map<number, number>; slots: number } {
    const held = new Map<number, number>();
    let slots = 0;
    const byTick = new Map<string, Map<number, FeedEvent>>();
    batches.forEach((batch) => {
      for (const event of batch.events) {
        const key = `${batch.fetchedAt}|${event.externalId.slice(3)}`;
        const books = byTick.get(key) ?? new Map<number, FeedEvent>();
        books.set(batch.provider, event);
        byTick.set(key, books);
      }
    });
    for (const books of byTick.values()) {
      for (const [market, selections] of [
        [1, [1, 2, 3]],
        [4, [8, 9]],
      ] as const) {
        for (const selection of selections) {
          const offers = [...books].flatMap(([provider, event]) => {
            const price = event.markets.find((m) => m.market === market)?.prices.find((p) => p.selection === selection);
            return price ? [{ provider, value: price.value }] : [];
          });
          if (offers.length < 2) continue;
          const best = Math.max(...offers.map((o) => o.value));
          slots += 1;
          for (const o of offers) if (o.value === best) held.set(o.provider, (held.get(o.provider) ?? 0) + 1);
        }
      }
    }
    return { shares: new Map([...held].map(([p, n]) => [p, (100 * n) / slots])), slots };
  }

  it.each([7, 42])('seed %i: no book holds more than 40 % of best prices, every book some', (seed) => {
    const { shares, slots } = bestShares(weeks(seed, 8));
    expect(slots).toBeGreaterThan(1500);
    for (const provider of [1, 2, 3, 4, 5]) {
      expect(shares.get(provider) ?? 0).toBeLessThanOrEqual(40);
      expect(shares.get(provider) ?? 0).toBeGreaterThan(5);
    }
  });

  it('sends NairaBet’s enhanced 1X2 on some matches only, boosted over its regular prices', () => {
    const nairabet = weeks(7, 4).filter((b) => b.provider === 4);
    const x12 = nairabet.flatMap((b) => b.events.flatMap((e) => e.markets.filter((m) => m.market === 1)));
    const enhanced = x12.filter((m) => m.prices.filter((p) => p.boosted).length >= 2);
    expect(enhanced.length / x12.length).toBeGreaterThan(0.1);
    expect(enhanced.length / x12.length).toBeLessThan(0.35);
    for (const m of enhanced) {
      const boostedMargin = marketMargin(
        1,
        m.prices.map((p) => p.value),
      );
      expect(boostedMargin).toBeLessThan(NAIRABET_ENHANCED_MARGIN + 0.6);
      for (const p of m.prices) if (p.boosted) expect(p.regularValue).toBeLessThan(p.value);
    }
  });
});
