import type { MarketOddsDto } from '@shared/contract/odds';
import { LEAD_DEFAULT_STAKE, LEAD_MSG, leadAnswers, leadGain } from '@shared/lead-answer';
import { formatOdds } from '@shared/odds-math';
import { selectionLabel } from './selection-label';

/**
 * The answer first: above a market's table, per selection the book paying
 * most and how much more it returns than the worst listed book on ₦1,000. Text, not a tooltip, so
 * a phone shows it without a tap.
 */
export function LeadLine({
  market,
  columns,
  stake = LEAD_DEFAULT_STAKE,
}: {
  market: MarketOddsDto;
  columns: readonly number[];
  stake?: number;
}) {
  const answers = leadAnswers(market, columns);
  if (answers.length === 0) return null;
  return (
    <ul className="odds-lead list-unstyled small mb-1" aria-label={LEAD_MSG.title}>
      {answers.map((answer) => {
        const gain = leadGain(answer, stake);
        // Every listed book pays the same: on a phone the price alone, as naming every mark
        // before 'same at every listed book' would wrap the line.
        const same = answer.worstProviderId !== null && gain <= 0;
        return (
          <li key={answer.selectionTypeId} className="odds-lead-item">
            <span className="odds-lead-selection">{selectionLabel(market.marketId, answer.selectionTypeId)}</span>{' '}
            {/* Full names from sm; a phone shows the tables' marks, so each answer keeps to one line.
                Only one of the two is displayed (display: none hides the other from screen readers too). */}
            <strong className="odds-lead-books">
              <span className="odds-lead-full">{LEAD_MSG.books(answer.bestProviderIds, answer.best)}</span>
              <span className="odds-lead-mark">
                {same ? formatOdds(answer.best) : LEAD_MSG.marks(answer.bestProviderIds, answer.best)}
              </span>
            </strong>
            {answer.worstProviderId !== null && (
              <span className="odds-lead-gain text-body-secondary">
                {' · '}
                {gain > 0 ? (
                  <>
                    <span className="odds-lead-full">{LEAD_MSG.gain(gain, answer.worstProviderId, stake)}</span>
                    <span className="odds-lead-mark">{LEAD_MSG.gainMark(gain, answer.worstProviderId, stake)}</span>
                  </>
                ) : (
                  LEAD_MSG.same
                )}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
