/**
 * Value prices whose edge is implausible (above 25 %) are marked `checkPrice` and listed after
 * every plausible one, whatever `min` a request asks for (docs/product.md#bet-slip).
 */
import type { OddsEventDto } from '@shared/contract/odds';
import { valueBetsOf, valuesAtLeast } from '../../../src/server/modules/odds/snapshot/betting-lists';

/** One 1X2 market priced by the given books (provider id → home / draw / away). */
function event(id: string, date: string, books: Record<number, [number, number, number]>): OddsEventDto {
  return {
    id,
    name: `${id} home vs ${id} away`,
    date,
    competitionId: 1,
    markets: [
      {
        marketId: 1,
        odds: Object.entries(books).map(([providerId, values]) => ({
          providerId: Number(providerId),
          margin: null,
          odds: values.map((value, i) => ({ selectionTypeId: i + 1, value, flags: 0 })),
        })),
      },
    ],
  };
}

describe('value list: implausible edges', () => {
  // Match a: four books agree on ~2.00 / 3.40 / 3.80; 1xBet (5) sends a home price of 3.50.
  // Multiplicative fair home probability: the mean over the five books of (1/home) / Σ(1/price).
  const a = event('a', '2026-11-28T15:00:00Z', {
    1: [2.0, 3.4, 3.8],
    2: [2.0, 3.4, 3.8],
    3: [2.0, 3.4, 3.8],
    4: [2.0, 3.4, 3.8],
    5: [3.5, 3.4, 3.8],
  });
  // Match b: an ordinary small edge at BetKing (2).
  const b = event('b', '2026-11-29T15:00:00Z', {
    1: [2.5, 3.2, 2.9],
    2: [2.9, 3.2, 2.9],
    3: [2.5, 3.2, 2.9],
  });

  const devigged = (values: number[]) => {
    const sum = values.reduce((s, v) => s + 1 / v, 0);
    return values.map((v) => 1 / v / sum);
  };
  const fairHomeA = (4 * devigged([2.0, 3.4, 3.8])[0]! + devigged([3.5, 3.4, 3.8])[0]!) / 5;
  const edgeA = Math.round((3.5 * fairHomeA - 1) * 10000) / 100;
  const fairHomeB = (2 * devigged([2.5, 3.2, 2.9])[0]! + devigged([2.9, 3.2, 2.9])[0]!) / 3;
  const edgeB = Math.round((2.9 * fairHomeB - 1) * 10000) / 100;

  it('marks an edge above 25 % "check this price" and ranks it after the plausible ones', () => {
    expect(edgeA).toBeGreaterThan(25);
    expect(edgeB).toBeGreaterThan(2);
    expect(edgeB).toBeLessThan(25);
    const list = valueBetsOf([a, b], 'multiplicative');
    const implausible = list.filter((v) => v.checkPrice);
    expect(implausible.map((v) => [v.eventId, v.providerId, v.selectionTypeId, v.edgePct])).toEqual([
      ['a', 5, 1, edgeA],
    ]);
    expect(list.every((v) => v.checkPrice === v.edgePct > 25)).toBe(true);
    // Plausible prices first, largest edge first; the implausible one last, though its edge is the largest.
    expect(list.at(-1)).toMatchObject({ eventId: 'a', providerId: 5, checkPrice: true });
    expect(list[0]).toMatchObject({
      eventId: 'b',
      providerId: 2,
      selectionTypeId: 1,
      edgePct: edgeB,
      checkPrice: false,
    });
    const plausible = list.filter((v) => !v.checkPrice).map((v) => v.edgePct);
    expect(plausible).toEqual([...plausible].sort((x, y) => y - x));
  });

  it('keeps the implausible entry, still last, when a minimum edge applies', () => {
    const at2 = valuesAtLeast(valueBetsOf([a, b], 'multiplicative'), 2);
    expect(at2.map((v) => [v.eventId, v.providerId, v.checkPrice])).toEqual([
      ['b', 2, false],
      ['a', 5, true],
    ]);
    expect(edgeA).toBeGreaterThan(30);
    expect(valuesAtLeast(valueBetsOf([a, b], 'multiplicative'), 30).map((v) => [v.eventId, v.checkPrice])).toEqual([
      ['a', true],
    ]);
  });
});
