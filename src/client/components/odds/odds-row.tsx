import { memo } from 'react';
import type { ProviderOddsDto } from '@shared/contract/odds';
import { providerMark, providerName } from '@shared/lookups';
import { MarginBadge } from './margin-badge';
import { OddsCell } from './odds-cell';
import { selectionLabel } from './selection-label';

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
}

/**
 * One bookmaker's prices and margin. Memoized on the row object: a poll usually moves a few
 * prices, and structural sharing keeps every untouched row identical.
 */
export const OddsRow = memo(
  function OddsRow({ row, columns, marketId = 0, onPick, pickHint, pickedSelectionTypeId }: OddsRowProps) {
    const bookmaker = providerName(row.providerId);
    return (
      <tr>
        {/* Phones show the three-letter mark (drawn by odds.css, silent for screen readers); the full
            name stays for screen readers and as the tooltip (docs/product.md §2). */}
        <th scope="row" className="odds-bookmaker fw-normal" title={bookmaker} data-mark={providerMark(row.providerId)}>
          <span className="odds-book-name">{bookmaker}</span>
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
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.columns.join() === b.columns.join() &&
    a.marketId === b.marketId &&
    a.onPick === b.onPick &&
    a.pickHint === b.pickHint &&
    a.pickedSelectionTypeId === b.pickedSelectionTypeId,
);
