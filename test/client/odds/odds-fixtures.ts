/** Builders for odds wire data (docs/architecture.md#http-api) used by the odds and dashboard tests. */
import type { MarketOddsDto, OddsEventDto, ProviderOddsDto, SummaryDto } from '../../../src/shared/contract/odds';

export function providerRow(
  providerId: number,
  margin: number | null,
  prices: Array<[selectionTypeId: number, value: number | null, flags?: number]>,
): ProviderOddsDto {
  return {
    providerId,
    margin,
    odds: prices.map(([selectionTypeId, value, flags = 0]) => ({ selectionTypeId, value, flags })),
  };
}

export function market(marketId: number, rows: ProviderOddsDto[]): MarketOddsDto {
  return { marketId, odds: rows };
}

let next = 1;
export function oddsEvent(overrides: Partial<OddsEventDto> = {}): OddsEventDto {
  const id = `evt_${next++}`;
  return {
    id,
    name: 'Arsenal vs Chelsea',
    date: '2026-11-28T15:00:00Z',
    competitionId: 1,
    markets: [
      market(1, [
        providerRow(1, 6.42, [
          [1, 2.1, 8],
          [2, 3.4],
          [3, 3.2],
        ]),
        providerRow(2, 4.8, [
          [1, 2.05],
          [2, 3.5, 8],
          [3, 3.3, 8],
        ]),
      ]),
    ],
    ...overrides,
  };
}

export function summary(overrides: Partial<SummaryDto> = {}): SummaryDto {
  return {
    competitionIds: [1, 2, 3, 4],
    marketIds: [1, 2, 3, 4, 5, 6, 7, 8],
    numEvents: 40,
    numBookmakers: 5,
    numOdds: 1234567,
    source: 'demo',
    updatedAt: null,
    ...overrides,
  };
}
