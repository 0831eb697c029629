/**
 * The 'Verification Code' input (docs/architecture.md#settled-details): typing and paste alike keep digits
 * only, then the first 6. No `maxlength`, so a pasted code with spaces or dashes still fits.
 */
import type { Ref } from 'react';
import { UI } from '@shared/messages';
import { sanitizeCode } from '@shared/validation';
import { TextField } from '../../../components/text-field';

interface CodeInputProps {
  value: string;
  onValue: (code: string) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function CodeInput({ value, onValue, disabled, inputRef }: CodeInputProps) {
  return (
    <TextField
      label={UI.labels.code}
      value={value}
      onValue={(text) => onValue(sanitizeCode(text))}
      inputMode="numeric"
      autoComplete="one-time-code"
      className="font-monospace"
      disabled={disabled}
      inputRef={inputRef}
    />
  );
}
