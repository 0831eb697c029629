import { marketMargin } from '@shared/odds-math';
import {
  REFERENCE_BOOKS,
  allRows,
  matchResultMargins,
  overUnderMargins,
  spread,
} from '../../../scripts/lib/calibration';
import { prices, readLeague } from '../../../scripts/lib/football-data';
import { DemoFeed } from '../../../src/server/modules/odds/demo/demo-feed';
import {
  MARGIN_PROFILES,
  REFERENCE_1X2_MARGINS,
  REFERENCE_OU25_MARGINS,
} from '../../../src/server/modules/odds/demo/margin-profiles';

const round2 = (x: number) => Math.round(x * 100) / 100;

describe('margin calibration from the 2024/25 price files', () => {
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

  it('finds 1xBet the tightest book in the data', () => {
    const medians = REFERENCE_BOOKS.map((b) => REFERENCE_1X2_MARGINS[b].median);
    expect(Math.min(...medians)).toBe(REFERENCE_1X2_MARGINS['1XB'].median);
  });
});

describe('demo margins reproduce the calibrated ranges', () => {
  // Many matches: the 1X2 margins each bookmaker shows over several weeks of fixtures.
  const byProvider = new Map<number, number[]>();
  const feed = new DemoFeed({ seed: 7 });
  const start = Date.parse('2026-01-02T00:00:00Z');
  const seen = new Set<string>();
  for (let week = 0; week < 12; week += 1) {
    for (const batch of feed.tick(start + week * 7 * 24 * 3600 * 1000)) {
      for (const event of batch.events) {
        const key = `${batch.provider}|${event.externalId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const market = event.markets.find((m) => m.market === 1);
        if (!market || market.prices.length !== 3 || market.prices.some((p) => p.boosted)) continue;
        const margin = marketMargin(
          1,
          market.prices.map((p) => p.value),
        );
        if (margin !== null) byProvider.set(batch.provider, [...(byProvider.get(batch.provider) ?? []), margin]);
      }
    }
  }
  const median = (xs: number[]) => spread(xs).median;

  it.each(Object.values(MARGIN_PROFILES).map((p) => [p.providerId, p]))(
    'provider %i: median 1X2 margin within its profile p10–p90 (±0.3 for price rounding)',
    (providerId, profile) => {
      const margins = byProvider.get(providerId as number) ?? [];
      expect(margins.length).toBeGreaterThan(300);
      const m = median(margins);
      expect(m).toBeGreaterThan(profile.matchResult.p10 - 0.3);
      expect(m).toBeLessThan(profile.matchResult.p90 + 0.3);
    },
  );

  it('has 1XBet tightest and every Nigerian book above the European market average', () => {
    const medians = new Map([...byProvider].map(([id, xs]) => [id, median(xs)]));
    const oneX = medians.get(5) as number;
    for (const id of [1, 2, 3, 4]) {
      expect(medians.get(id)).toBeGreaterThan(oneX);
      expect(medians.get(id)).toBeGreaterThan(REFERENCE_1X2_MARGINS.Avg.median);
    }
  });
});
