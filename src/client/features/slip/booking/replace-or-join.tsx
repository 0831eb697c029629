import { Button } from 'reactstrap';
import { BOOKING_MSG } from '@shared/booking-messages';
import { useAppSelector } from '../../../app/hooks';
import { type SlipLeg, selectSlipLegs } from '../../../lib/slip.slice';
import { joinLegs } from './loaded-legs';

/**
 * Asked before a code's legs go on a slip that is not empty: they replace the slip, or join it
 * (a match on both keeps the code's leg), or nothing happens.
 */
export function ReplaceOrJoin(props: {
  legs: readonly SlipLeg[];
  onPut: (next: SlipLeg[]) => void;
  onCancel: () => void;
}) {
  const { legs, onPut, onCancel } = props;
  const slip = useAppSelector(selectSlipLegs);
  return (
    <div className="mt-2 small" role="group" aria-label={BOOKING_MSG.askTitle}>
      <p className="mb-1">{BOOKING_MSG.ask}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" color="primary" onClick={() => onPut([...legs])}>
          {BOOKING_MSG.replace}
        </Button>
        <Button size="sm" color="primary" outline onClick={() => onPut(joinLegs(slip, legs))}>
          {BOOKING_MSG.join}
        </Button>
        <Button size="sm" color="secondary" outline onClick={onCancel}>
          {BOOKING_MSG.cancel}
        </Button>
      </div>
    </div>
  );
}
