import { type ReactNode, useId } from 'react';

interface SelectOption {
  value: string | number;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string | number;
  options: readonly SelectOption[];
  onValue: (value: string) => void;
  /** A first option that stands for no choice (its value is ''), e.g. 'All' or 'Any bookmaker'. */
  emptyOption?: string;
  disabled?: boolean;
  /** Bootstrap's small select, for forms inside a card or panel. */
  small?: boolean;
  /** Classes of the wrapper (its layout in the form). */
  className?: string;
  /** Classes added to the label's `form-label`. */
  labelClassName?: string;
  selectClassName?: string;
  /** Shown joined to the select's left edge (an input group), e.g. the chosen league's flag. */
  addon?: ReactNode;
}

/**
 * A labelled native select: phones get their own picker and the label is real. Bootstrap's markup
 * rather than reactstrap's components, so the dashboard, whose first load carries it, stays small.
 */
export function SelectField({
  label,
  value,
  options,
  onValue,
  emptyOption,
  disabled,
  small = false,
  className,
  labelClassName = 'small fw-semibold mb-1',
  selectClassName,
  addon,
}: SelectFieldProps) {
  const id = useId();
  const select = (
    <select
      id={id}
      className={['form-select', small && 'form-select-sm', selectClassName].filter(Boolean).join(' ')}
      disabled={disabled}
      value={value}
      onChange={(e) => onValue(e.target.value)}
    >
      {emptyOption !== undefined && <option value="">{emptyOption}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return (
    <div className={className}>
      <label htmlFor={id} className={`form-label ${labelClassName}`}>
        {label}
      </label>
      {addon === undefined ? (
        select
      ) : (
        <div className="input-group">
          {addon}
          {select}
        </div>
      )}
    </div>
  );
}
