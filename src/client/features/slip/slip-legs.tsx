import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { EventDetailDto } from '@shared/contract/odds';
import { ErrorCode } from '@shared/errors';
import { marketName, providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { SLIP_MSG } from '@shared/tools-messages';
import { useAppDispatch } from '../../app/hooks';
import { matchHref } from '../../components/odds/match-path';
import { selectionLabel } from '../../components/odds/selection-label';
import { asAppError } from '../../lib/errors';
import { priceOf } from '../../lib/market-price';
import { type SlipLeg, slipLegNamed, slipLegRemoved } from '../../lib/slip.slice';
import { useGetSlipEventQuery } from './slip.api';

/** The current price of a leg's selection at `providerId` in a match's detail, or null. */
export function currentPrice(detail: EventDetailDto | undefined, leg: SlipLeg, providerId = leg.providerId) {
  const row = detail?.event?.markets
    .find((m) => m.marketId === leg.marketId)
    ?.odds.find((r) => r.providerId === providerId);
  // A stale book's price (no read of the league for 10 minutes) is no current price.
  return priceOf(row?.stale ? undefined : row, leg.selectionTypeId);
}

/**
 * One leg: its match (a link), market · selection · book and price when added, marked when the
 * book's current price differs; keeps the match's prices fresh while the slip is open.
 */
export function SlipLegItem({ leg, pollingIntervalMs }: { leg: SlipLeg; pollingIntervalMs: number }) {
  const dispatch = useAppDispatch();
  const { currentData, isError, error } = useGetSlipEventQuery(leg.eventId, {
    pollingInterval: pollingIntervalMs,
    skipPollingIfUnfocused: true,
  });
  const name = leg.name || currentData?.event?.name || leg.eventId;
  useEffect(() => {
    if (!leg.name && currentData?.event?.name)
      dispatch(slipLegNamed({ eventId: leg.eventId, name: currentData.event.name }));
  }, [dispatch, leg.name, leg.eventId, currentData]);
  const gone = isError && asAppError(error).code === ErrorCode.NOT_FOUND;
  const now = currentPrice(currentData, leg);
  const nowValue = typeof now === 'object' && now !== null ? now.value : null;
  const moved = currentData !== undefined && nowValue !== leg.value;
  return (
    <li className={`slip-leg py-2 border-bottom${moved || gone ? ' slip-leg-moved' : ''}`}>
      <div className="d-flex justify-content-between align-items-start gap-2">
        <Link to={matchHref(leg.eventId)} className="fw-semibold slip-leg-name">
          {name}
        </Link>
        <button
          type="button"
          className="btn-close flex-shrink-0"
          aria-label={SLIP_MSG.removeLeg(name)}
          onClick={() => dispatch(slipLegRemoved(leg.eventId))}
        />
      </div>
      <div className="small">
        {marketName(leg.marketId)} · {selectionLabel(leg.marketId, leg.selectionTypeId)} ·{' '}
        {providerName(leg.providerId)} <span className="fw-bold">{formatOdds(leg.value)}</span>
      </div>
      {gone ? (
        <div className="small text-danger-emphasis">{SLIP_MSG.gone}</div>
      ) : (
        moved && (
          <div className="small text-warning-emphasis fw-semibold slip-moved">
            {SLIP_MSG.moved(formatOdds(leg.value), formatOdds(nowValue))}
          </div>
        )
      )}
    </li>
  );
}
