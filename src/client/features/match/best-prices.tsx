import type { MarketOddsDto } from '@shared/contract/odds';
import { marketName, marketSelections, providerName } from '@shared/lookups';
import { MATCH_MSG } from '@shared/match-messages';
import { formatOdds } from '@shared/odds-math';
import { selectionLabel } from '../../components/odds/selection-label';

export interface BestPrice {
  selectionTypeId: number;
  value: number | null;
  /** Every bookmaker offering it (all of them on a tie). */
  providerIds: number[];
}

/** The highest current price of each selection of a market and who offers it. */
export function bestPrices(market: MarketOddsDto): BestPrice[] {
  return marketSelections(market.marketId).map((selectionTypeId) => {
    let value: number | null = null;
    let providerIds: number[] = [];
    for (const row of market.odds) {
      const price = row.odds.find((p) => p.selectionTypeId === selectionTypeId)?.value;
      if (price == null) continue;
      if (value === null || price > value) {
        value = price;
        providerIds = [row.providerId];
      } else if (price === value) providerIds.push(row.providerId);
    }
    return { selectionTypeId, value, providerIds };
  });
}

/** The summary at the top of the match page: per selection the best price and its bookmakers. */
export function BestPrices({ market, onPick }: { market: MarketOddsDto; onPick(selectionTypeId: number): void }) {
  return (
    <section className="mb-3" aria-labelledby="best-prices-heading">
      <h2 id="best-prices-heading" className="h6 mb-2">
        {MATCH_MSG.bestPrices} <span className="text-body-secondary fw-normal">· {marketName(market.marketId)}</span>
      </h2>
      <ul className="list-unstyled best-prices mb-0">
        {bestPrices(market).map((best) => (
          <li key={best.selectionTypeId}>
            <button type="button" className="best-price card w-100 h-100" onClick={() => onPick(best.selectionTypeId)}>
              <span className="small text-body-secondary">{selectionLabel(market.marketId, best.selectionTypeId)}</span>
              <span className="best-price-value fw-bold">{formatOdds(best.value)}</span>
              <span className="small best-price-books">
                {best.providerIds.length ? best.providerIds.map(providerName).join(', ') : '-'}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
