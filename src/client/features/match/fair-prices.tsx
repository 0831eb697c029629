import { useMemo } from 'react';
import { isExclusiveMarket } from '@shared/betting/common';
import { DEFAULT_DEVIG_METHOD, fairMarket } from '@shared/betting/devig';
import type { MarketOddsDto } from '@shared/contract/odds';
import { marketSelections } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { FAIR_MSG } from '@shared/tools-messages';
import { selectionLabel } from '../../components/odds/selection-label';
import { priceOf } from '../../lib/market-price';

/**
 * Fair price of each selection of a market: every bookmaker that prices the
 * whole market unboosted is de-vigged (multiplicative), the probabilities are averaged and the
 * fair price is 1/p. Null for double chance (not exclusive outcomes) and when no book qualifies.
 */
export function marketFairPrices(market: MarketOddsDto) {
  if (!isExclusiveMarket(market.marketId)) return null;
  const columns = marketSelections(market.marketId);
  const fair = fairMarket(
    market.odds.map((row) => ({
      providerId: row.providerId,
      prices: columns.map((id) => priceOf(row, id)),
    })),
    DEFAULT_DEVIG_METHOD,
  );
  return fair && { columns, odds: fair.odds, books: fair.providerIds.length };
}

/** The line under a market's table on the match page: "Fair odds … Home 2.25 · Draw 3.40 · Away 3.10". */
export function FairPrices({ market }: { market: MarketOddsDto }) {
  const fair = useMemo(() => marketFairPrices(market), [market]);
  if (!isExclusiveMarket(market.marketId)) return null;
  if (!fair) return <p className="small text-body-secondary mb-2 fair-prices">{FAIR_MSG.none}</p>;
  return (
    <div className="small mb-2 fair-prices">
      <span className="fw-semibold">{FAIR_MSG.label(DEFAULT_DEVIG_METHOD)}</span>{' '}
      <span className="text-body-secondary">{FAIR_MSG.books(fair.books)}</span>
      <ul className="list-inline mb-0" aria-label={FAIR_MSG.label(DEFAULT_DEVIG_METHOD)}>
        {fair.columns.map((id, i) => (
          <li key={id} className="list-inline-item">
            {selectionLabel(market.marketId, id)} <span className="fw-bold fair-value">{formatOdds(fair.odds[i])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
