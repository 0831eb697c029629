import { useId } from 'react';
import { providerName } from '@shared/lookups';
import { MY_BOOK_CHOICES, MY_BOOKS_MSG } from '@shared/my-books';
import './my-books-picker.css';

/**
 * The five books as toggles, for the dashboard's question and the profile:
 * checkboxes drawn as buttons, which wrap on a phone and are easy to tap. The choice stays in the
 * caller until it is saved.
 */
export function MyBooksPicker({
  value,
  onChange,
  disabled = false,
  legendHidden = false,
}: {
  value: readonly number[];
  onChange(books: number[]): void;
  disabled?: boolean;
  /** The caller shows its own heading: the legend is for screen readers only. */
  legendHidden?: boolean;
}) {
  const id = useId();
  const toggle = (book: number, on: boolean) =>
    onChange(MY_BOOK_CHOICES.filter((b) => (b === book ? on : value.includes(b))));
  return (
    <fieldset className="my-books-picker d-flex flex-wrap gap-2 mb-2" disabled={disabled}>
      <legend className={legendHidden ? 'visually-hidden' : 'h6 mb-1'}>{MY_BOOKS_MSG.title}</legend>
      {MY_BOOK_CHOICES.map((book) => (
        <span key={book} className="my-books-choice">
          <input
            type="checkbox"
            id={`${id}-${book}`}
            checked={value.includes(book)}
            onChange={(e) => toggle(book, e.target.checked)}
          />
          <label className="btn btn-sm btn-outline-primary" htmlFor={`${id}-${book}`}>
            {providerName(book)}
          </label>
        </span>
      ))}
    </fieldset>
  );
}
