import { DASHBOARD_MSG } from '@shared/dashboard-messages';
import { formatMargin, marginLevel } from '@shared/odds-math';

/**
 * A bookmaker's margin (overround) as a coloured badge: good (green) ≤ 5 %, average (warning) ≤ 10 %,
 * high (danger) above; an unknown margin shows '-' in a neutral badge
 *. A margin computed without a boosted selection whose regular price is
 * unknown (`partial`) carries an asterisk, and its tooltip and text alternative say so. Bootstrap's
 * badge markup, not reactstrap's Badge: the odds screens render it hundreds of times and keep their
 * first load small.
 */
/** Bootstrap's badge classes for a margin level (the legend colours its samples the same way). */
export const marginBadgeClass = (level: ReturnType<typeof marginLevel>) =>
  `badge bg-${level}${level === 'warning' ? ' text-dark' : ''}`;

export function MarginBadge({ margin, partial = false }: { margin: number | null | undefined; partial?: boolean }) {
  const level = marginLevel(margin);
  return (
    <span className={marginBadgeClass(level)} title={partial ? DASHBOARD_MSG.margin.partial : undefined}>
      {formatMargin(margin)}
      {partial && (
        <>
          <span aria-hidden="true">*</span>
          <span className="visually-hidden"> ({DASHBOARD_MSG.margin.partial})</span>
        </>
      )}
    </span>
  );
}
