import { useId, useState } from 'react';
import { Input, Label } from 'reactstrap';
import './stake-input.css';

/** The typed text of a stake and its parsed value (null while the text is not a stake). */
interface Stake {
  text: string;
  setText: (text: string) => void;
  value: number | null;
}

export function useStake(initial: string, parse: (text: string) => number | null): Stake {
  const [text, setText] = useState(initial);
  return { text, setText, value: parse(text) };
}

interface StakeInputProps {
  label: string;
  stake: Stake;
  /** The message shown under the field while the text is not a stake. */
  invalid: string;
  /** Kobo allowed after a point (a decimal keypad), or whole Naira only. */
  kobo?: boolean;
}

/**
 * A stake in Naira, as typed: the slip's stake and the sure-bet calculator's total. The message
 * under it is announced and tied to the field while the text is not a stake.
 */
export function StakeInput({ label, stake, invalid, kobo = false }: StakeInputProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const bad = stake.value === null;
  return (
    <>
      <Label for={id} className="small fw-semibold mb-1">
        {label}
      </Label>
      <Input
        id={id}
        bsSize="sm"
        inputMode={kobo ? 'decimal' : 'numeric'}
        className="stake-input mb-2"
        value={stake.text}
        invalid={bad}
        aria-describedby={bad ? helpId : undefined}
        onChange={(e) => stake.setText(e.target.value)}
      />
      {bad && (
        <p id={helpId} className="small text-danger mt-n1 mb-2" role="alert">
          {invalid}
        </p>
      )}
    </>
  );
}
