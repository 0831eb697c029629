/** A labelled input; forms are `noValidate`, so no browser messages. */
import { useId, type ChangeEvent, type Ref } from 'react';
import { FormGroup, Input, Label, type InputProps } from 'reactstrap';

interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, value, onValue, inputRef, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        innerRef={inputRef}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onValue(e.target.value)}
        {...input}
      />
    </FormGroup>
  );
}
