/**
 * The short confirmation after a price goes on the slip: 'Added: Arsenal to
 * win at SportyBet 2.10', for a few seconds, announced politely; a tap on it opens the slip. Two
 * placements, one shown at each size, each inside a bar that stays on the screen, over the bar's
 * links and nothing else, so it covers no price and the slip's own button stays in view beside it:
 * on phones over the bottom bar's quick links (`bar`), from md over the top bar's Drops and tools
 * links (`top`). The one not shown sits in a `display: none` bar part, so neither a screen reader
 * nor a tap meets it.
 */
import { useEffect, useState } from 'react';
import { pickWhat, SLIP_PICK_MSG } from '@shared/slip-pick';
import { selectSlipLastAdded, slipToggled, selectSlipOpen } from '../../lib/slip.slice';
import { useAppDispatch, useAppSelector } from '../hooks';

const SHOWN_MS = 3500;

/** Each placement's class, written out whole: the build keeps only the CSS classes it finds in the sources. */
const PLACEMENT_CLASS = { bar: 'slip-added-bar', top: 'slip-added-top' } as const;

export function SlipAdded({ placement }: { placement: 'bar' | 'top' }) {
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
    <div className={`slip-added-region ${PLACEMENT_CLASS[placement]}`} role="status" aria-live="polite">
      {shown && (
        <button
          type="button"
          className="slip-added btn btn-dark btn-sm shadow"
          onClick={() => {
            setOver(added);
            if (!slipOpen) dispatch(slipToggled());
          }}
        >
          <span className="slip-added-text">
            <span aria-hidden="true">✓ </span>
            {SLIP_PICK_MSG.added(
              pickWhat(shown.name, shown.marketId, shown.selectionTypeId),
              shown.providerId,
              shown.value,
            )}
          </span>
        </button>
      )}
    </div>
  );
}
