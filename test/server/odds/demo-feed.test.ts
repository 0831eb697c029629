import { LEAGUES } from '../../../src/server/modules/odds/demo/demo-clubs';
import { DemoFeed } from '../../../src/server/modules/odds/demo/demo-feed';
import {
  DAY_MS,
  HOUR_MS,
  roundFixtures,
  upcomingFixtures,
} from '../../../src/server/modules/odds/demo/fixture-schedule';
import type { FeedBatch } from '../../../src/shared/contract/ingest';
import { validateBatch } from '../../../src/server/modules/odds/feed/feed-validation';

const START = Date.parse('2026-11-22T10:00:00Z');
const TICK = 30_000;

function run(seed: number, ticks: number, start = START): FeedBatch[][] {
  const feed = new DemoFeed({ seed });
  return Array.from({ length: ticks }, (_, i) => feed.tick(start + i * TICK));
}

/** Fair probabilities behind power-method prices: qᵢ^e with Σ qᵢ^e = total, qᵢ = 1/priceᵢ. */
function implied(values: readonly number[], total = 1): number[] {
  const q = values.map((v) => 1 / v);
  let low = 1;
  let high = 30;
  for (let i = 0; i < 80; i += 1) {
    const mid = (low + high) / 2;
    if (q.reduce((s, x) => s + x ** mid, 0) > total) low = mid;
    else high = mid;
  }
  return q.map((x) => x ** low);
}

describe('demo feed', () => {
  it('is deterministic for a seed and a clock, and differs between seeds', () => {
    expect(run(42, 10)).toEqual(run(42, 10));
    expect(run(42, 3)).not.toEqual(run(43, 3));
  });

  it('lists about ten upcoming fixtures per league over the next 7 days, from real clubs', () => {
    const [batches] = run(42, 1);
    expect(batches).toHaveLength(5);
    const events = batches?.[0]?.events ?? [];
    for (const competition of [1, 2, 3, 4]) {
      const count = events.filter((e) => e.competition === competition).length;
      expect(count).toBeGreaterThanOrEqual(8);
      expect(count).toBeLessThanOrEqual(12);
    }
    const clubNames = new Set(Object.values(LEAGUES).flatMap((l) => l.clubs.map((c) => c.name)));
    for (const e of events) {
      expect(clubNames.has(e.home) && clubNames.has(e.away)).toBe(true);
      const kickoff = Date.parse(e.kickoff);
      expect(kickoff).toBeGreaterThan(START);
      expect(kickoff).toBeLessThanOrEqual(START + 7 * DAY_MS);
    }
    expect(clubNames.has('Manchester United') && clubNames.has('Bayern Munich')).toBe(true);
  });

  it('plays every club once per weekly round', () => {
    for (const competition of [1, 2, 3, 4]) {
      const fixtures = roundFixtures(42, competition, 2968);
      const clubs = fixtures.flatMap((f) => [f.home.name, f.away.name]);
      expect(new Set(clubs).size).toBe(clubs.length);
      expect(fixtures.length).toBe(Math.floor((LEAGUES[competition]?.clubs.length ?? 0) / 2));
    }
  });

  it('rolls fixtures off after kick-off and adds the next ones', () => {
    const before = upcomingFixtures(42, START);
    const first = before[0];
    expect(first).toBeDefined();
    const later = first!.kickoffAt + HOUR_MS;
    const after = upcomingFixtures(42, later);
    expect(after.some((f) => f.key === first!.key)).toBe(false);
    expect(after.some((f) => !before.some((b) => b.key === f.key))).toBe(true);
    // The same fixtures whenever they are looked at: a restart finds the same external ids.
    const feed = new DemoFeed({ seed: 42 });
    const ids = feed.tick(later)[0]?.events.map((e) => e.externalId);
    expect(ids).toEqual(after.map((f) => `b9-${f.key}`));
  });

  it('produces batches the pipeline accepts, with short names at some bookmakers', () => {
    const [batches] = run(42, 1);
    for (const batch of batches ?? []) expect(() => validateBatch(batch)).not.toThrow();
    const names = new Set((batches ?? []).flatMap((b) => b.events.map((e) => e.home)));
    expect([...names].some((n) => ['Man United', "Nott'm Forest", "M'gladbach", 'Ath Madrid'].includes(n))).toBe(true);
  });

  it('prices every market of a bookmaker from one goals model', () => {
    const [batches] = run(42, 1);
    for (const batch of batches ?? []) {
      for (const event of batch.events) {
        const byMarket = new Map(event.markets.map((m) => [m.market, m.prices]));
        const x12 = byMarket.get(1);
        const dc = byMarket.get(8);
        if (x12?.length === 3 && dc?.length === 3 && !x12.some((p) => p.boosted)) {
          const [home, draw, away] = implied(x12.map((p) => p.value)) as [number, number, number];
          const dcImplied = implied(
            dc.map((p) => p.value),
            2,
          );
          // Equal up to the 2-decimal rounding of the prices.
          expect(Math.abs((dcImplied[0] as number) - (home + draw))).toBeLessThan(0.02);
          expect(Math.abs((dcImplied[1] as number) - (home + away))).toBeLessThan(0.02);
          expect(Math.abs((dcImplied[2] as number) - (draw + away))).toBeLessThan(0.02);
        }
        // Over prices rise with the line (over selections are 4, 6, 8, 10, 12).
        const pure = [2, 3, 4, 5, 6].flatMap((m) => {
          const over = byMarket.get(m)?.find((p) => p.selection === 2 * m);
          return over ? [over.value] : [];
        });
        for (let i = 1; i < pure.length; i += 1) expect(pure[i]).toBeGreaterThanOrEqual(pure[i - 1] as number);
      }
    }
  });

  it('drifts prices, and now and then boosts, suspends or leaves out a market', () => {
    const ticks = run(42, 120);
    const first = JSON.stringify(ticks[0]?.[0]?.events[0]?.markets);
    const moved = ticks.some((t) => JSON.stringify(t[0]?.events[0]?.markets) !== first);
    expect(moved).toBe(true);
    const all = ticks.flat();
    const prices = all.flatMap((b) => b.events.flatMap((e) => e.markets.flatMap((m) => m.prices)));
    expect(prices.some((p) => p.boosted === true)).toBe(true);
    const partial = all
      .flatMap((b) => b.events.flatMap((e) => e.markets))
      .filter((m) => {
        const size = m.market === 1 || m.market === 8 ? 3 : 2;
        return m.prices.length < size;
      });
    expect(partial.length).toBeGreaterThan(0);
    expect(all.some((b) => b.events.some((e) => e.markets.length < 8))).toBe(true);
  });

  it("moves a few per cent of prices per tick, boosts rarely and names each boost's regular price", () => {
    // NairaBet's enhanced 1X2 (provider 4, market 1) is boosted on purpose on some matches; the
    // rare short boosts are every other boosted price.
    // Two hours of 30-second ticks, two seeds: the share of prices (seen in both of two
    // consecutive ticks) whose value changed, and the share of boosted prices.
    for (const seed of [42, 7]) {
      const ticks = run(seed, 240);
      const badRegular: string[] = [];
      let compared = 0;
      let changed = 0;
      let priced = 0;
      let boosted = 0;
      let previous = new Map<string, number>();
      for (const batches of ticks) {
        const current = new Map<string, number>();
        for (const batch of batches) {
          for (const event of batch.events) {
            for (const market of event.markets) {
              for (const price of market.prices) {
                const key = `${batch.provider}|${event.externalId}|${market.market}|${price.selection}`;
                current.set(key, price.value);
                priced += 1;
                if (price.boosted && !(batch.provider === 4 && market.market === 1)) boosted += 1;
                const regularOk = price.boosted
                  ? price.regularValue !== undefined && price.regularValue < price.value
                  : price.regularValue === undefined;
                if (!regularOk) badRegular.push(key);
                const before = previous.get(key);
                if (before === undefined) continue;
                compared += 1;
                if (before !== price.value) changed += 1;
              }
            }
          }
        }
        previous = current;
      }
      expect(badRegular).toEqual([]);
      const changedPct = (100 * changed) / compared;
      expect(changedPct).toBeGreaterThan(1);
      expect(changedPct).toBeLessThan(6);
      expect(boosted).toBeGreaterThan(0);
      expect((100 * boosted) / priced).toBeLessThan(0.2);
    }
  });
});
