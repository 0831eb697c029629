import { memo, useState } from 'react';
import type { ProviderOddsDto } from '@shared/contract/odds';
import { OddsFlag, hasFlag, providerMark, providerName } from '@shared/lookups';
import { MarginBadge } from './margin-badge';
import { OddsCell, movementText } from './odds-cell';
import { selectionLabel } from './selection-label';
import { useMinute } from './use-minute';

interface OddsRowProps {
  row: ProviderOddsDto;
  /** Selection ids in column order. */
  columns: readonly number[];
  marketId?: number;
  /** Makes each price a button that opens its selection's price history (the match page). */
  onPick?: (marketId: number, selectionTypeId: number, providerId?: number) => void;
  /** What tapping a price does, for screen readers (default: price history). */
  pickHint?: string;
  /** Prices are toggles: the selection chosen in this row, null when none (undefined: not toggles). */
  pickedSelectionTypeId?: number | null;
  /** "My bookmakers": one of the person's books (marked), or another while "My books only" is on (dimmed). */
  standing?: 'mine' | 'other';
}

/**
 * The tap equivalent of the arrows' tooltips: on the full-name line a tapped mark opens, what each
 * price of the row that moved within the hour was and when ('Home: odds decreased, was 1.71, 14:32').
 */
function RowMoves({ row, columns, marketId }: { row: ProviderOddsDto; columns: readonly number[]; marketId: number }) {
  const now = useMinute();
  const moves = columns.flatMap((id) => {
    const price = row.odds.find((p) => p.selectionTypeId === id);
    if (!price || price.value == null) return [];
    const up = hasFlag(price.flags, OddsFlag.Increased);
    if (!up && !hasFlag(price.flags, OddsFlag.Decreased)) return [];
    const text = movementText(price, up, now);
    return text == null ? [] : [`${selectionLabel(marketId, id)}: ${text}`];
  });
  return moves.map((move) => (
    <span key={move} className="d-block odds-book-move">
      {move}
    </span>
  ));
}

/**
 * One bookmaker's prices and margin. Memoized on the row object: a poll usually moves a few
 * prices, and structural sharing keeps every untouched row identical.
 */
export const OddsRow = memo(
  function OddsRow({ row, columns, marketId = 0, onPick, pickHint, pickedSelectionTypeId, standing }: OddsRowProps) {
    const bookmaker = providerName(row.providerId);
    const [named, setNamed] = useState(false);
    // Whole class names, so the production stylesheet keeps their rules.
    const mark = standing === 'mine' ? 'odds-row-mine' : standing === 'other' ? 'odds-row-other' : null;
    const classes = [row.stale && 'odds-row-stale', mark].filter(Boolean).join(' ');
    return (
      <>
        {/* A book whose latest read of the league is over 10 minutes old: shown dimmed, never best. */}
        <tr className={classes || undefined} data-stale={row.stale ? 'true' : undefined} data-book={standing}>
          {/* Desktops show the name; phones a three-letter mark (drawn by odds.css, silent for screen
              readers, which read the full name once) that is a button: a tap or Enter shows the full
              name on a line under the row, where it covers no price. Only one of
              the two is displayed at a width, so neither is read twice. */}
          <th scope="row" className="odds-bookmaker fw-normal" title={bookmaker}>
            <span className="odds-book-text">{bookmaker}</span>
            <button
              type="button"
              className="odds-mark"
              data-mark={providerMark(row.providerId)}
              aria-expanded={named}
              onClick={() => setNamed((shown) => !shown)}
            >
              <span className="visually-hidden">{bookmaker}</span>
            </button>
          </th>
          {columns.map((id) => (
            <OddsCell
              key={id}
              price={row.odds.find((p) => p.selectionTypeId === id)}
              onPick={onPick && (() => onPick(marketId, id, row.providerId))}
              pickLabel={`${bookmaker} ${selectionLabel(marketId, id)}`}
              pickHint={pickHint}
              pressed={pickedSelectionTypeId === undefined ? undefined : pickedSelectionTypeId === id}
            />
          ))}
          <td className="odds-ov">
            <MarginBadge margin={row.margin} partial={row.marginPartial === true} />
          </td>
        </tr>
        {named && (
          // What the mark stands for, seen only: screen readers have the name in the row header.
          <tr className="odds-book-full" aria-hidden="true">
            <td colSpan={columns.length + 2}>
              <span className="odds-book-full-mark">{providerMark(row.providerId)}</span> {bookmaker}
              <RowMoves row={row} columns={columns} marketId={marketId} />
            </td>
          </tr>
        )}
      </>
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.columns.join() === b.columns.join() &&
    a.marketId === b.marketId &&
    a.onPick === b.onPick &&
    a.pickHint === b.pickHint &&
    a.pickedSelectionTypeId === b.pickedSelectionTypeId &&
    a.standing === b.standing,
);
