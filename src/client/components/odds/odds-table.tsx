import { memo, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MarketOddsDto, ProviderOddsDto } from '@shared/contract/odds';
import { PROVIDER_IDS, marketById, marketName, marketSelections } from '@shared/lookups';
import { UI } from '@shared/messages';
import { bestAmong, mineFirst, rowsOfBooks } from '@shared/my-books';
import { useMyBooksContext } from '../../lib/my-books-context';
import { PRICE_HISTORY_HINT } from './odds-cell';
import { LeadLine } from './lead-line';
import { OddsRow } from './odds-row';
import { selectionLabel } from './selection-label';
import './odds.css';

const BOOKMAKER = 'Bookmaker';
/** The column's heading on phones, where the rows show bookmaker marks. */
const BOOKMAKER_MARK = 'Book';

/** Column order: the market's selections from the lookups, or what the rows carry if unknown. */
function columnsOf(market: MarketOddsDto): number[] {
  const known = marketSelections(market.marketId);
  if (known.length > 0) return [...known];
  const ids = new Set(market.odds.flatMap((row) => row.odds.map((p) => p.selectionTypeId)));
  return [...ids].sort((a, b) => a - b);
}

/** A book's row when it does not offer the market: '-' everywhere. One object per book, so memoized rows stay put. */
const notOffered = new Map<number, ProviderOddsDto>();
function emptyRow(providerId: number): ProviderOddsDto {
  let row = notOffered.get(providerId);
  if (!row) notOffered.set(providerId, (row = { providerId, margin: null, odds: [] }));
  return row;
}

/**
 * Every book of the country once, in the lookups' order, with '-' rows for the ones that do not
 * offer the market ("not offered" is visible); books outside the list that
 * the answer carries follow.
 */
function rowsOf(market: MarketOddsDto, providerIds: readonly number[]): ProviderOddsDto[] {
  const byProvider = new Map(market.odds.map((row) => [row.providerId, row]));
  const known = providerIds.map((id) => byProvider.get(id) ?? emptyRow(id));
  const listed = new Set(providerIds);
  return [...known, ...[...byProvider.values()].filter((row) => !listed.has(row.providerId))];
}

/**
 * One market of one event: a column per selection plus 'Ov' (the margin), a row per
 * bookmaker of the country, each exactly once. On a phone a market of up to three selections fits
 * the screen; wider ones scroll sideways with the bookmaker column pinned. With `onPick`
 * (the match page) every price and selection header is a button that opens that selection's
 * price history.
 */
export const OddsTable = memo(function OddsTable({
  market,
  eventLabelId,
  onPick,
  providerIds = PROVIDER_IDS,
  pickHint,
  pickHeaders = true,
  picked,
  quietNameOnPhone = false,
}: {
  market: MarketOddsDto;
  /** The event's heading, so each scrolling region is named by event and market (unique). */
  eventLabelId?: string;
  /** Tapping a price or a selection header: that market and selection. */
  onPick?: (marketId: number, selectionTypeId: number, providerId?: number) => void;
  /** What tapping a price does, for screen readers (default: price history). */
  pickHint?: string;
  /** Whether the selection headers are buttons too (default true; a bet slip needs a book). */
  pickHeaders?: boolean;
  /** Prices are toggles: the chosen price of this market, null when none (undefined: not toggles). */
  picked?: { selectionTypeId: number; providerId: number } | null;
  /** The bookmakers of the market's country, one row each (Nigeria's five by default). */
  providerIds?: readonly number[];
  /** On a phone the market's name is for screen readers only (a list whose market select names it). */
  quietNameOnPhone?: boolean;
}) {
  const columns = columnsOf(market);
  // "My bookmakers": the person's books first; with "My books only" the best
  // price and the lead line count those books alone, and the others' rows are dimmed.
  const { books, limit } = useMyBooksContext();
  const limited = useMemo(() => (limit ? bestAmong(market, limit) : market), [market, limit]);
  const leadMarket = useMemo(() => (limit ? rowsOfBooks(market, limit) : market), [market, limit]);
  const order = useMemo(() => mineFirst(providerIds, books), [providerIds, books]);
  const rows = rowsOf(limited, order);

  const description = marketById(market.marketId)?.description;
  const labelId = useId();
  const ovId = useId();
  const [ovShown, setOvShown] = useState(false);
  return (
    <>
      {/* Outside the scrolling box (unlike a caption), so it stays in view on phones. */}
      <p id={labelId} className={quietNameOnPhone ? 'small mb-1 odds-market-name-quiet' : 'small mb-1'}>
        <span className="fw-semibold">{marketName(market.marketId)}</span>
        {description && <span className="text-body-secondary"> · {description}</span>}
      </p>
      <LeadLine market={leadMarket} columns={columns} />
      {/* On a phone the table scrolls sideways: the scroll box must be reachable and named for
          keyboard users (WCAG 2.1.1), which is what a focusable region is for. */}
      <div
        className="table-responsive odds-scroll mb-2"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable
        tabIndex={0}
        role="region"
        aria-labelledby={eventLabelId ? `${eventLabelId} ${labelId}` : labelId}
      >
        <table className="table table-sm odds-table align-middle mb-0" aria-labelledby={labelId}>
          <thead>
            <tr>
              <th scope="col" className="odds-bookmaker" data-mark={BOOKMAKER_MARK}>
                <span className="odds-book-name">{BOOKMAKER}</span>
              </th>
              {columns.map((id) => (
                <th scope="col" className="odds-col" key={id}>
                  {onPick && pickHeaders ? (
                    <button
                      type="button"
                      className="odds-pick odds-pick-header"
                      onClick={() => onPick(market.marketId, id)}
                    >
                      {selectionLabel(market.marketId, id)}
                      <span className="visually-hidden"> {PRICE_HISTORY_HINT}</span>
                    </button>
                  ) : (
                    selectionLabel(market.marketId, id)
                  )}
                </th>
              ))}
              <th scope="col" className="odds-ov">
                {/* A button, not a hover tooltip: a tap, a click or Enter shows what 'Ov' means under the table. */}
                <button
                  type="button"
                  className="odds-ov-toggle"
                  aria-expanded={ovShown}
                  aria-controls={ovShown ? ovId : undefined}
                  onClick={() => setOvShown((shown) => !shown)}
                >
                  {UI.ov}
                </button>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <OddsRow
                key={row.providerId}
                row={row}
                columns={columns}
                marketId={market.marketId}
                onPick={onPick}
                pickHint={pickHint}
                standing={books.includes(row.providerId) ? 'mine' : limit ? 'other' : undefined}
                pickedSelectionTypeId={
                  picked === undefined
                    ? undefined
                    : picked?.providerId === row.providerId
                      ? picked.selectionTypeId
                      : null
                }
              />
            ))}
          </tbody>
        </table>
      </div>
      {ovShown && (
        <p id={ovId} className="small odds-ov-about mb-2">
          {UI.ovExplained} <Link to="/help#margin">{UI.ovHelp}</Link>
        </p>
      )}
    </>
  );
});
