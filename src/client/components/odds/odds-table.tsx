import { memo, useId } from 'react';
import { Table } from 'reactstrap';
import type { MarketOddsDto } from '@shared/contract/odds';
import { marketById, marketName, marketSelections, overUnderLine, selectionName } from '@shared/lookups';
import { UI } from '@shared/messages';
import { OddsRow } from './odds-row';
import './odds.css';

const BOOKMAKER = 'Bookmaker';

/** Column order: the market's selections from the lookups, or what the rows carry if unknown. */
function columnsOf(market: MarketOddsDto): number[] {
  const known = marketSelections(market.marketId);
  if (known.length > 0) return [...known];
  const ids = new Set(market.odds.flatMap((row) => row.odds.map((p) => p.selectionTypeId)));
  return [...ids].sort((a, b) => a - b);
}

/** 'Over 2.5' for over/under markets, the selection's name otherwise. */
function columnLabel(marketId: number, selectionId: number): string {
  const line = overUnderLine(marketId);
  const name = selectionName(selectionId);
  return line === undefined ? name : `${name} ${line}`;
}

/**
 * One market of one event (SPEC §2): a column per selection plus 'Ov' (the margin), a row per
 * bookmaker. Scrolls sideways on narrow screens with the bookmaker column pinned.
 */
export const OddsTable = memo(function OddsTable({
  market,
  eventLabelId,
}: {
  market: MarketOddsDto;
  /** The event's heading, so each scrolling region is named by event and market (unique). */
  eventLabelId?: string;
}) {
  const columns = columnsOf(market);
  const description = marketById(market.marketId)?.description;
  const labelId = useId();
  return (
    <>
      {/* Outside the scrolling box (unlike a caption), so it stays in view on phones. */}
      <p id={labelId} className="small mb-1">
        <span className="fw-semibold">{marketName(market.marketId)}</span>
        {description && <span className="text-body-secondary"> · {description}</span>}
      </p>
      {/* On a phone the table scrolls sideways: the scroll box must be reachable and named for
          keyboard users (WCAG 2.1.1), which is what a focusable region is for. */}
      <div
        className="table-responsive odds-scroll mb-2"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable
        tabIndex={0}
        role="region"
        aria-labelledby={eventLabelId ? `${eventLabelId} ${labelId}` : labelId}
      >
        <Table size="sm" className="odds-table align-middle mb-0" aria-labelledby={labelId}>
          <thead>
            <tr>
              <th scope="col" className="odds-bookmaker">
                {BOOKMAKER}
              </th>
              {columns.map((id) => (
                <th scope="col" className="odds-col" key={id}>
                  {columnLabel(market.marketId, id)}
                </th>
              ))}
              <th scope="col" className="odds-ov">
                <abbr title="Overround (bookmaker margin)">{UI.ov}</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {market.odds.map((row) => (
              <OddsRow key={row.providerId} row={row} columns={columns} />
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
});
