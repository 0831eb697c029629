import type { MarketOddsDto, OddsPriceDto, ProviderOddsDto } from '@shared/contract/odds';
import { MARKETS } from '@shared/lookups';
import type { CurrentPrice } from '../../../src/server/modules/odds/current-price';
import { createRandom } from '../../../src/server/modules/odds/demo/prng';
import { marketJson } from '../../../src/server/modules/odds/snapshot/market-json';
import { buildEventsView } from '../../../src/server/modules/odds/snapshot/odds-view';
import type { UpcomingEvent } from '../../../src/server/modules/odds/upcoming-event';

const NOW = Date.parse('2030-03-10T12:00:00Z');
const MINUTE = 60_000;

describe('market JSON', () => {
  it('writes every field of the wire shape as JSON.stringify does', () => {
    // `Required`: a field added to the wire shape does not compile here until this test sets it,
    // and then fails until market-json.ts writes it.
    const cell: Required<OddsPriceDto> = {
      selectionTypeId: 2,
      value: 3.45,
      flags: 9,
      was: 3.2,
      changedAt: '2030-03-10T11:58:00Z',
    };
    const row: Required<ProviderOddsDto> = {
      providerId: 4,
      margin: 5.123456789,
      marginPartial: true,
      odds: [cell, { selectionTypeId: 1, value: null, flags: 0 }],
      stale: true,
    };
    const market: Required<MarketOddsDto> = {
      marketId: 1,
      odds: [row, { providerId: 5, margin: null, odds: [{ selectionTypeId: 3, value: 1e-7, flags: 0 }] }],
    };
    expect(marketJson(market)).toBe(JSON.stringify(market));
    expect(marketJson({ marketId: 2, odds: [] })).toBe('{"marketId":2,"odds":[]}');
  });

  it('writes numbers as JSON does, whether or not their text was made before', () => {
    const values = [
      2.35,
      2.355,
      1e-7,
      -0,
      -5.25,
      -100,
      -100.01,
      999.99,
      1000,
      1000.5,
      1e21,
      0.1 + 0.2,
      1023,
      1024,
      7.1,
    ];
    const market = (value: number): MarketOddsDto => ({
      marketId: 1,
      odds: [{ providerId: 1, margin: value, odds: [{ selectionTypeId: 1, value, flags: 0 }] }],
    });
    // Twice: the first time makes and keeps the texts, the second reads them back.
    for (let round = 0; round < 2; round += 1) {
      for (const value of values) expect(marketJson(market(value))).toBe(JSON.stringify(market(value)));
    }
  });

  it('writes ids and flags past those whose texts it keeps, and each cell with its own change time', () => {
    const market: MarketOddsDto = {
      marketId: 70_000,
      odds: [
        {
          providerId: 2048,
          margin: 4.5,
          odds: [
            { selectionTypeId: 5000, value: 2.5, flags: 4096, was: 2.4, changedAt: '2030-03-10T11:58:00Z' },
            { selectionTypeId: 1, value: 3.5, flags: 1, was: 3.4, changedAt: '2030-03-10T11:59:00Z' },
            { selectionTypeId: 2, value: 4.5, flags: 2, was: 4.4, changedAt: '2030-03-10T11:58:00Z' },
          ],
        },
      ],
    };
    expect(marketJson(market)).toBe(JSON.stringify(market));
    expect(marketJson(market)).toBe(JSON.stringify(market));
  });

  it('writes a non-finite number as null, as JSON does', () => {
    const market: MarketOddsDto = {
      marketId: 1,
      odds: [{ providerId: 1, margin: Number.NaN, odds: [{ selectionTypeId: 1, value: Infinity, flags: 0 }] }],
    };
    expect(marketJson(market)).toBe(JSON.stringify(market));
  });

  it('writes the same text as JSON.stringify for every market view of 300 random matches', () => {
    const random = createRandom(42);
    const events: UpcomingEvent[] = [];
    const prices: CurrentPrice[] = [];
    for (let e = 0; e < 300; e += 1) {
      const id = `e${e}`;
      events.push({
        id,
        countryId: 1,
        competitionId: 1 + (e % 4),
        home: `Home "${e}"`,
        away: `Away \\${e}`,
        kickoffAt: NOW + (e + 1) * MINUTE,
        source: 'live',
      });
      for (const market of MARKETS) {
        for (let book = 1; book <= 5; book += 1) {
          if (random.next() < 0.3) continue;
          for (const selectionId of market.selections) {
            const roll = random.next();
            const value = roll < 0.1 ? null : Math.round((1.01 + random.next() * 12) * 100) / 100;
            const boosted = value !== null && roll > 0.9;
            prices.push({
              eventId: id,
              marketId: market.id,
              providerId: book,
              selectionId,
              value,
              previousValue: roll < 0.5 ? null : Math.round((1.01 + random.next() * 12) * 100) / 100,
              changedAt: NOW - Math.floor(random.next() * 120) * MINUTE - Math.floor(random.next() * 1000),
              boosted,
              regularValue: boosted && roll > 0.95 ? Math.round((value - 0.01) * 100) / 100 : null,
            });
          }
        }
      }
    }
    const view = buildEventsView(events, prices, NOW, 60 * MINUTE, (book) => book === 3);
    const markets = view.events.flatMap((e) => e.markets);
    // The sample covers every optional field.
    const rows = markets.flatMap((m) => m.odds);
    expect(rows.some((r) => r.stale) && rows.some((r) => r.marginPartial)).toBe(true);
    const cells = rows.flatMap((r) => r.odds);
    expect(cells.some((o) => o.value === null) && cells.some((o) => o.was !== undefined)).toBe(true);
    expect(rows.some((r) => r.margin === null) && rows.some((r) => r.margin !== null)).toBe(true);
    expect(markets.length).toBeGreaterThan(2000);
    for (const m of markets) expect(marketJson(m)).toBe(JSON.stringify(m));
  });
});
