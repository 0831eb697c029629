import type { SummaryDto } from '@shared/contract/odds';
import { formatCount } from '@shared/format';
import { UI } from '@shared/messages';

interface SummaryBarProps {
  summary: SummaryDto | undefined;
  /** True while the first summary request is in flight. */
  loading: boolean;
}

/**
 * Games, Betting Sites, Markets and Odds; Odds with
 * Nigerian-locale separators; '-' in every counter when there is no summary. One compact
 * line of four counters on every screen, so the first prices are on a phone's first screen.
 */
export function SummaryBar({ summary, loading }: SummaryBarProps) {
  const counters: Array<[string, number | undefined]> = [
    [UI.summary.games, summary?.numEvents],
    [UI.summary.bettingSites, summary?.numBookmakers],
    [UI.summary.markets, summary?.marketIds?.length],
    [UI.summary.odds, summary?.numOdds],
  ];
  return (
    // A grid rather than Bootstrap's row/col: a <dl> may hold only one level of <div> around
    // each dt/dd group, and a column wrapper would add a second (axe: definition-list).
    <dl className="summary-bar mb-3" aria-busy={loading}>
      {counters.map(([label, value]) => (
        <div className="summary-counter border rounded-3 bg-body-tertiary text-center" key={label}>
          <dt className="summary-label fw-normal text-body-secondary">{label}</dt>
          <dd className="summary-value fw-semibold mb-0">
            {loading ? (
              <span className="placeholder-glow" aria-hidden="true">
                <span className="placeholder col-4" />
              </span>
            ) : value === undefined ? (
              '-'
            ) : (
              formatCount(value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
