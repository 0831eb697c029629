import { useCallback, useMemo } from 'react';
import type { OddsEventDto } from '@shared/contract/odds';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSlipLegs, slipPriceTapped } from '../../lib/slip.slice';

/**
 * Tapping a price adds, replaces or removes the match's bet-slip leg; the
 * chosen price of each match, for marking it. Shared by the league list and 'My teams'.
 */
export function useSlipPicks() {
  const dispatch = useAppDispatch();
  const legs = useAppSelector(selectSlipLegs);
  const byEvent = useMemo(() => new Map(legs.map((leg) => [leg.eventId, leg])), [legs]);
  const onPick = useCallback(
    (event: OddsEventDto, marketId: number, selectionTypeId: number, providerId?: number) => {
      const value = event.markets
        .find((m) => m.marketId === marketId)
        ?.odds.find((row) => row.providerId === providerId)
        ?.odds.find((p) => p.selectionTypeId === selectionTypeId)?.value;
      if (providerId === undefined || value == null) return;
      dispatch(slipPriceTapped({ eventId: event.id, name: event.name, marketId, selectionTypeId, providerId, value }));
    },
    [dispatch],
  );
  return { byEvent, onPick };
}
