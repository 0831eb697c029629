/**
 * The short confirmation after a price goes on the slip: 'Added: Arsenal to
 * win at SportyBet 2.10', for a few seconds above the phone bottom bar (beside the slip from md),
 * announced politely. A tap on it opens the slip.
 */
import { useEffect, useState } from 'react';
import { pickWhat, SLIP_PICK_MSG } from '@shared/slip-pick';
import { selectSlipLastAdded, slipToggled, selectSlipOpen } from '../../lib/slip.slice';
import { useAppDispatch, useAppSelector } from '../hooks';

const SHOWN_MS = 3500;

export function SlipAdded() {
  const dispatch = useAppDispatch();
  const added = useAppSelector(selectSlipLastAdded);
  const slipOpen = useAppSelector(selectSlipOpen);
  // The confirmation of one tap: gone after a few seconds or a tap, until the next tap adds one.
  const [over, setOver] = useState<typeof added>(null);
  const shown = added !== over ? added : null;
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setOver(added), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [added]);
  return (
    <div className="slip-added-region" role="status" aria-live="polite">
      {shown && (
        <button
          type="button"
          className="slip-added btn btn-dark btn-sm shadow"
          onClick={() => {
            setOver(added);
            if (!slipOpen) dispatch(slipToggled());
          }}
        >
          <span aria-hidden="true">✓ </span>
          {SLIP_PICK_MSG.added(
            pickWhat(shown.name, shown.marketId, shown.selectionTypeId),
            shown.providerId,
            shown.value,
          )}
        </button>
      )}
    </div>
  );
}
