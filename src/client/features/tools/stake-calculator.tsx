import { useMemo } from 'react';
import { Alert } from 'reactstrap';
import { BOOK_MIN_STAKE_NAIRA } from '@shared/betting/book-limits';
import { splitStake } from '@shared/betting/surebets';
import type { SurebetDto } from '@shared/contract/betting';
import { providerName } from '@shared/lookups';
import { formatNaira, TOOLS_MSG } from '@shared/tools-messages';
import { selectionLabel } from '../../components/odds/selection-label';
import { ReturnsTable } from '../../components/returns-table';
import { StakeInput, useStake } from '../../components/stake-input';

const DEFAULT_TOTAL = '10000';

/** A whole number of Naira above 0, or null. */
function parseTotal(text: string): number | null {
  if (!/^\d{1,12}$/.test(text.trim())) return null;
  const total = Number(text.trim());
  return Number.isSafeInteger(total) && total > 0 ? total : null;
}

/**
 * Total stake in ₦ → each leg's stake in whole Naira and its return: the
 * shared rounding rule (`splitStake`), the warning when rounding breaks the guarantee, and each
 * book's minimum stake from the one table (`BOOK_MIN_STAKE_NAIRA`).
 */
export function StakeCalculator({ surebet }: { surebet: SurebetDto }) {
  const totalField = useStake(DEFAULT_TOTAL, parseTotal);
  const total = totalField.value;
  const split = useMemo(
    () =>
      total === null
        ? null
        : splitStake(
            total,
            surebet.legs.map((l) => ({ value: l.value, providerId: l.providerId })),
            { minimumStakes: BOOK_MIN_STAKE_NAIRA },
          ),
    [total, surebet.legs],
  );
  const minimums = [...new Set(surebet.legs.map((l) => l.providerId))]
    .map((id) => `${providerName(id)} ${formatNaira(BOOK_MIN_STAKE_NAIRA[id] ?? 0, 0)}`)
    .join(', ');

  return (
    // A named group inside its sure bet's article, not a landmark: one calculator per card.
    <div className="mt-2" role="group" aria-label={TOOLS_MSG.calculator}>
      <StakeInput label={TOOLS_MSG.totalStake} stake={totalField} invalid={TOOLS_MSG.totalInvalid} />
      {split && (
        <>
          <ReturnsTable
            className="tool-table small mb-2"
            headings={[TOOLS_MSG.leg, TOOLS_MSG.stake, TOOLS_MSG.return]}
            rows={split.legs.map((leg, i) => {
              const dto = surebet.legs[i]!;
              return {
                key: dto.selectionTypeId,
                heading: (
                  <>
                    {selectionLabel(surebet.marketId, dto.selectionTypeId)}
                    {leg.belowMinimum && (
                      <div className="text-danger-emphasis">
                        {TOOLS_MSG.belowMinimum(providerName(dto.providerId), formatNaira(leg.minimumStake, 0))}
                      </div>
                    )}
                  </>
                ),
                cells: [formatNaira(leg.stake, 0), formatNaira(leg.return)],
              };
            })}
          />
          {split.allReturnMoreThanTotal ? (
            <p className="small text-success-emphasis mb-1">
              {TOOLS_MSG.guaranteed(formatNaira(split.guaranteedProfit))}
            </p>
          ) : (
            <Alert color="warning" className="small py-2 mb-1" fade={false}>
              {TOOLS_MSG.broken}
            </Alert>
          )}
          {!split.placeable && (
            <p className="small mb-1">
              {split.minimumTotal === null
                ? TOOLS_MSG.noMinimumTotal
                : TOOLS_MSG.minimumTotal(formatNaira(split.minimumTotal, 0))}
            </p>
          )}
        </>
      )}
      <p className="small text-body-secondary mb-0">{TOOLS_MSG.minimums(minimums)}</p>
    </div>
  );
}
