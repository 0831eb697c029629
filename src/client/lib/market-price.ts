/**
 * A price of the odds wire format as the betting functions take it: the
 * value with its flag bits (so a boosted price can be recognised), or null when not priced.
 */
import type { MarketPrice } from '@shared/betting/common';
import type { ProviderOddsDto } from '@shared/contract/odds';

export function priceOf(row: ProviderOddsDto | undefined, selectionTypeId: number): MarketPrice {
  const price = row?.odds.find((p) => p.selectionTypeId === selectionTypeId);
  return price && price.value != null ? { value: price.value, flags: price.flags } : null;
}
