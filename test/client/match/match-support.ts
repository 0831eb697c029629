/** Wire data of the match page and dropping odds (docs/architecture.md#http-api). */
import type { EventDetailDto, HistoryDto, PriceDropDto } from '../../../src/shared/contract/odds';
import { market, oddsEvent, providerRow } from '../odds/odds-fixtures';

export const EVENT_ID = 'evt_00000000000000aa';

/** Arsenal vs Chelsea with 1X2 (Bet9Ja best home, BetKing best draw and away) and BTTS. */
export function eventDetail(): EventDetailDto {
  return {
    event: oddsEvent({
      id: EVENT_ID,
      markets: [
        market(7, [
          providerRow(1, 5.1, [
            [14, 1.8],
            [15, 1.95, 8],
          ]),
          providerRow(2, 4.2, [
            [14, 1.85, 8],
            [15, 1.9],
          ]),
        ]),
        market(1, [
          providerRow(1, 6.42, [
            [1, 2.1, 8 | 2],
            [2, 3.4],
            [3, 3.2],
          ]),
          providerRow(2, 4.8, [
            [1, 2.05],
            [2, 3.5, 8],
            [3, 3.3, 8 | 4],
          ]),
        ]),
      ],
    }),
    opening: [
      { marketId: 1, providerId: 1, selectionTypeId: 1, value: 2.3, at: '2026-11-27T10:00:00Z' },
      { marketId: 1, providerId: 1, selectionTypeId: 2, value: 3.4, at: '2026-11-27T10:00:00Z' },
      { marketId: 1, providerId: 1, selectionTypeId: 3, value: 3.0, at: '2026-11-27T10:00:00Z' },
      { marketId: 1, providerId: 2, selectionTypeId: 1, value: 2.0, at: '2026-11-27T10:00:00Z' },
      { marketId: 1, providerId: 2, selectionTypeId: 2, value: 3.5, at: '2026-11-27T10:00:00Z' },
      { marketId: 1, providerId: 2, selectionTypeId: 3, value: 3.5, at: '2026-11-27T10:00:00Z' },
    ],
  };
}

/** Home of 1X2: Bet9Ja 2.30 → 2.20 → 2.10, BetKing 2.00 → 2.05. */
export function history(): HistoryDto {
  return {
    series: [
      {
        providerId: 1,
        selectionTypeId: 1,
        points: [
          { at: '2026-11-27T10:00:00Z', value: 2.3 },
          { at: '2026-11-27T12:00:00Z', value: 2.2 },
          { at: '2026-11-27T14:00:00Z', value: 2.1 },
        ],
      },
      { providerId: 1, selectionTypeId: 2, points: [{ at: '2026-11-27T10:00:00Z', value: 3.4 }] },
      {
        providerId: 2,
        selectionTypeId: 1,
        points: [
          { at: '2026-11-27T10:00:00Z', value: 2.0 },
          { at: '2026-11-27T13:00:00Z', value: 2.05 },
        ],
      },
    ],
  };
}

export function drop(overrides: Partial<PriceDropDto> = {}): PriceDropDto {
  return {
    eventId: EVENT_ID,
    name: 'Arsenal vs Chelsea',
    date: '2026-11-28T15:00:00Z',
    competitionId: 1,
    marketId: 1,
    selectionTypeId: 1,
    providerId: 1,
    from: 2.5,
    to: 2.0,
    changePct: -20,
    at: '2026-11-27T14:30:00Z',
    ...overrides,
  };
}
