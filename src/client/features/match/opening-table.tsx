import { useId } from 'react';
import { Table } from 'reactstrap';
import type { MarketOddsDto, OpeningPriceDto } from '@shared/contract/odds';
import { marketName, marketSelections, providerMark, providerName } from '@shared/lookups';
import { MATCH_MSG } from '@shared/match-messages';
import { formatOdds } from '@shared/odds-math';
import { selectionLabel } from '../../components/odds/selection-label';

/** Opening prices of one market, keyed `${providerId}:${selectionTypeId}`. */
export type OpeningIndex = ReadonlyMap<string, number>;

export const openingKey = (providerId: number, selectionTypeId: number) => `${providerId}:${selectionTypeId}`;

export function indexOpenings(opening: readonly OpeningPriceDto[], marketId: number): OpeningIndex {
  return new Map(
    opening.filter((o) => o.marketId === marketId).map((o) => [openingKey(o.providerId, o.selectionTypeId), o.value]),
  );
}

/** '2.30 → 2.10' (either side '-' when unknown). */
export const openingToCurrent = (opening: number | undefined, current: number | null | undefined) =>
  `${formatOdds(opening)} → ${formatOdds(current)}`;

function direction(opening: number | undefined, current: number | null | undefined): string {
  if (opening === undefined || current == null || current === opening) return '';
  return current > opening ? ' text-success-emphasis' : ' text-danger-emphasis';
}

/**
 * Each bookmaker's opening price (the first the server saw) beside its current one, per
 * selection of one market: a disclosure under the market's odds table.
 */
export function OpeningTable({ market, openings }: { market: MarketOddsDto; openings: OpeningIndex }) {
  const captionId = useId();
  const columns = marketSelections(market.marketId);
  const ids = columns.length
    ? columns
    : [...new Set(market.odds.flatMap((row) => row.odds.map((p) => p.selectionTypeId)))].sort((a, b) => a - b);
  return (
    <details className="opening-details mb-3">
      <summary className="small">{MATCH_MSG.openingToCurrent}</summary>
      <div className="table-responsive">
        <Table size="sm" className="opening-table small mb-0 mt-1" aria-labelledby={captionId}>
          <caption id={captionId} className="visually-hidden">
            {`${MATCH_MSG.openingToCurrent} · ${marketName(market.marketId)}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Bookmaker</th>
              {ids.map((id) => (
                <th scope="col" key={id} className="text-end">
                  {selectionLabel(market.marketId, id)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {market.odds.map((row) => (
              <tr key={row.providerId}>
                <th scope="row" className="fw-normal text-nowrap opening-book">
                  {/* Phones show the three-letter mark of the odds tables; the name stays for screen readers. */}
                  <span className="opening-book-name">{providerName(row.providerId)}</span>
                  <span className="opening-book-mark" aria-hidden="true">
                    {providerMark(row.providerId)}
                  </span>
                </th>
                {ids.map((id) => {
                  const opening = openings.get(openingKey(row.providerId, id));
                  const current = row.odds.find((p) => p.selectionTypeId === id)?.value;
                  return (
                    <td key={id} className={`text-end opening-cell${direction(opening, current)}`}>
                      {/* Two unbreakable halves: a phone wraps after the arrow instead of cutting a column. */}
                      <span className="opening-from">{`${formatOdds(opening)} →`}</span>{' '}
                      <span className="opening-to">{formatOdds(current)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </details>
  );
}
