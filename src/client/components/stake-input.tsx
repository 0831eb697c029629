import { useId } from 'react';
import { Input, Label } from 'reactstrap';

interface StakeInputProps {
  label: string;
  /** The text as typed; the caller parses it. */
  value: string;
  onValue: (value: string) => void;
  /** The message shown under the field while the text is not a stake, or null when it is one. */
  error: string | null;
  /** 'numeric' for whole Naira, 'decimal' where kobo are allowed. */
  inputMode: 'numeric' | 'decimal';
  className?: string;
}

/**
 * A stake in Naira, as typed: the slip's stake and the sure-bet calculator's total. The message
 * under it is announced and tied to the field while the text is not a stake.
 */
export function StakeInput({ label, value, onValue, error, inputMode, className }: StakeInputProps) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <>
      <Label for={id} className="small fw-semibold mb-1">
        {label}
      </Label>
      <Input
        id={id}
        bsSize="sm"
        inputMode={inputMode}
        className={className}
        value={value}
        invalid={error !== null}
        aria-describedby={error === null ? undefined : helpId}
        onChange={(e) => onValue(e.target.value)}
      />
      {error !== null && (
        <p id={helpId} className="small text-danger mt-n1 mb-2" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
