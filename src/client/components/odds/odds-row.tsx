import { memo } from 'react';
import type { ProviderOddsDto } from '@shared/contract/odds';
import { providerName } from '@shared/lookups';
import { MarginBadge } from './margin-badge';
import { OddsCell } from './odds-cell';

interface OddsRowProps {
  row: ProviderOddsDto;
  /** Selection ids in column order. */
  columns: readonly number[];
}

/**
 * One bookmaker's prices and margin. Memoized on the row object: a poll usually moves a few
 * prices, and structural sharing keeps every untouched row identical.
 */
export const OddsRow = memo(
  function OddsRow({ row, columns }: OddsRowProps) {
    return (
      <tr>
        <th scope="row" className="odds-bookmaker fw-normal">
          {providerName(row.providerId)}
        </th>
        {columns.map((id) => (
          <OddsCell key={id} price={row.odds.find((p) => p.selectionTypeId === id)} />
        ))}
        <td className="odds-ov">
          <MarginBadge margin={row.margin} />
        </td>
      </tr>
    );
  },
  (a, b) => a.row === b.row && a.columns.join() === b.columns.join(),
);
