import { useEffect, useState } from 'react';
import { SLIP_PICK_MSG } from '@shared/slip-pick';
import { useAppSelector } from '../../app/hooks';
import { selectSlipLegs } from '../../lib/slip.slice';

const SEEN_KEY = 'slip-hint-seen';

function seen(): boolean {
  try {
    return window.localStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function markSeen(): void {
  try {
    window.localStorage.setItem(SEEN_KEY, '1');
  } catch {
    // Shown again next time: harmless.
  }
}

/**
 * The one-time hint over the match list: 'Tap a price to add it to your
 * slip' until the person adds a first price or dismisses it; never again on this device after.
 */
export function SlipHint() {
  const count = useAppSelector(selectSlipLegs).length;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (count > 0) markSeen();
  }, [count]);
  if (dismissed || count > 0 || seen()) return null;
  return (
    <p className="slip-hint small d-flex align-items-center gap-2 mb-2">
      <span className="slip-hint-mark" aria-hidden="true">
        ✓
      </span>
      <span className="flex-grow-1">{SLIP_PICK_MSG.hint}</span>
      <button
        type="button"
        className="btn btn-link btn-sm p-0"
        onClick={() => {
          markSeen();
          setDismissed(true);
        }}
      >
        {SLIP_PICK_MSG.dismissHint}
      </button>
    </p>
  );
}
