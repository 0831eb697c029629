import { Button } from 'reactstrap';
import type { MarketOddsDto } from '@shared/contract/odds';
import { providerName } from '@shared/lookups';
import { formatOdds } from '@shared/odds-math';
import { SLIP_MSG } from '@shared/tools-messages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSlipLegs, slipPriceTapped } from '../../lib/slip.slice';

interface AddToSlipProps {
  eventId: string;
  eventName: string;
  market: MarketOddsDto;
  selectionTypeId: number;
  providerId?: number;
}

/** The book's price of the selection, else the best current price and its book. */
function chosenPrice(market: MarketOddsDto, selectionTypeId: number, providerId?: number) {
  let chosen: { providerId: number; value: number } | null = null;
  for (const row of market.odds) {
    const value = row.odds.find((p) => p.selectionTypeId === selectionTypeId)?.value;
    if (value == null) continue;
    if (row.providerId === providerId) return { providerId, value };
    if (providerId === undefined && (chosen === null || value > chosen.value))
      chosen = { providerId: row.providerId, value };
  }
  return chosen;
}

/**
 * The price panel's 'Add to bet slip': adds the tapped book's price (the best
 * one after a header or summary tap) as the match's leg; pressed once it is on the slip, when a
 * second press removes it.
 */
export function AddToSlip({ eventId, eventName, market, selectionTypeId, providerId }: AddToSlipProps) {
  const dispatch = useAppDispatch();
  const legs = useAppSelector(selectSlipLegs);
  const price = chosenPrice(market, selectionTypeId, providerId);
  if (!price) return null;
  const onSlip = legs.some(
    (l) =>
      l.eventId === eventId &&
      l.marketId === market.marketId &&
      l.selectionTypeId === selectionTypeId &&
      l.providerId === price.providerId,
  );
  return (
    <Button
      color="primary"
      outline={!onSlip}
      size="sm"
      className="mb-2"
      aria-pressed={onSlip}
      onClick={() =>
        dispatch(
          slipPriceTapped({
            eventId,
            name: eventName,
            marketId: market.marketId,
            selectionTypeId,
            providerId: price.providerId,
            value: price.value,
          }),
        )
      }
    >
      {onSlip ? SLIP_MSG.remove : SLIP_MSG.add} · {providerName(price.providerId)} {formatOdds(price.value)}
    </Button>
  );
}
