import { priceSlot, slotParts } from '../../../src/server/modules/odds/current-price';

describe('price slot', () => {
  it('gives back the market, book and selection it was made of, and is distinct for each', () => {
    const seen = new Set<number>();
    for (const marketId of [1, 2, 8, 255])
      for (const providerId of [1, 5, 65_535])
        for (const selectionId of [1, 3, 18, 65_535]) {
          const slot = priceSlot({ marketId, providerId, selectionId });
          expect(slotParts(slot)).toEqual({ marketId, providerId, selectionId });
          seen.add(slot);
        }
    expect(seen.size).toBe(4 * 3 * 4);
  });
});
