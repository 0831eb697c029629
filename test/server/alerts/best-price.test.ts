/** The best current price a fired alert names beside the book that moved (docs/product.md#favourites-and-alerts). */
import type { AlertHit, IndexedAlert } from '../../../src/server/modules/alerts/alert-index';
import { bestPriceOf } from '../../../src/server/modules/alerts/evaluation.service';
import { firedPriceText } from '../../../src/shared/alerts-messages';

const alert = (includeBoosted = false): IndexedAlert => ({
  id: 'alr_1',
  userId: 'u1',
  eventId: 'evt_1',
  eventName: 'Arsenal vs Chelsea',
  marketId: 1,
  selectionId: 1,
  providerId: 1,
  atLeast: 2,
  dropPct: null,
  includeBoosted,
  reference: new Map(),
  createdAt: 0,
  kickoffAt: 1,
});
const hit = (value: number, includeBoosted = false): AlertHit => ({
  alert: alert(includeBoosted),
  value,
  providerId: 1,
});
const event = (prices: Array<[providerId: number, value: number, boosted?: boolean]>) => ({
  name: 'Arsenal vs Chelsea',
  kickoffAt: 1,
  prices: prices.map(([providerId, value, boosted = false]) => ({ providerId, value, boosted })),
});

describe('the best current price of a fired alert', () => {
  it('is another book when it pays more, else the book that moved (which keeps a tie)', () => {
    expect(
      bestPriceOf(
        hit(2.5),
        event([
          [2, 2.6],
          [3, 2.4],
        ]),
      ),
    ).toEqual({ bestValue: 2.6, bestProviderId: 2 });
    expect(
      bestPriceOf(
        hit(2.5),
        event([
          [2, 2.5],
          [3, 2.4],
        ]),
      ),
    ).toEqual({ bestValue: 2.5, bestProviderId: 1 });
    // The snapshot's own price of the mover is not counted: the price that fired is.
    expect(bestPriceOf(hit(2.5), event([[1, 2.9]]))).toEqual({ bestValue: 2.5, bestProviderId: 1 });
  });

  it('counts a boosted price only when the alert includes boosted prices', () => {
    const prices = event([
      [2, 3.1, true],
      [3, 2.55],
    ]);
    expect(bestPriceOf(hit(2.5), prices)).toEqual({ bestValue: 2.55, bestProviderId: 3 });
    expect(bestPriceOf(hit(2.5, true), prices)).toEqual({ bestValue: 3.1, bestProviderId: 2 });
  });

  it('is unknown when the match is not known any more', () => {
    expect(bestPriceOf(hit(2.5), null)).toEqual({ bestValue: null, bestProviderId: null });
  });

  it('reads once when the mover is the best, and names both otherwise', () => {
    const fired = { providerId: 2, value: 2.55 };
    expect(firedPriceText('Home', { ...fired, bestValue: 2.55, bestProviderId: 2 })).toBe(
      'Home is 2.55 at BetKing, the best price now',
    );
    expect(firedPriceText('Home', { ...fired, bestValue: 2.6, bestProviderId: 3 })).toBe(
      'Home is 2.55 at BetKing (best now: 2.60 at SportyBet)',
    );
    expect(firedPriceText('Home', { ...fired, bestValue: null, bestProviderId: null })).toBe('Home is 2.55 at BetKing');
  });
});
