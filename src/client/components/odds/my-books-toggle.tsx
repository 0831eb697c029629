import { MY_BOOKS_MSG } from '@shared/my-books';
import { useMyBooksContext } from '../../lib/my-books-context';

/**
 * "My books only / All books": which books count for the best price, the lead
 * line, the slip comparison, sure bets and value bets. Two small buttons, the chosen one filled;
 * absent while the person has chosen no books (everything counts every book, as before).
 */
export function MyBooksToggle({ className = '' }: { className?: string }) {
  const { books, onlyMine, setOnlyMine } = useMyBooksContext();
  if (books.length === 0) return null;
  return (
    <div
      className={`btn-group btn-group-sm my-books-toggle ${className}`}
      role="group"
      aria-label={MY_BOOKS_MSG.toggle}
    >
      {(
        [
          [true, MY_BOOKS_MSG.onlyMine],
          [false, MY_BOOKS_MSG.allBooks],
        ] as const
      ).map(([on, label]) => (
        <button
          key={label}
          type="button"
          className={`btn text-nowrap ${onlyMine === on ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={onlyMine === on}
          onClick={() => setOnlyMine(on)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
