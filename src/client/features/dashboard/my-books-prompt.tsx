import { useState } from 'react';
import { MY_BOOKS_MSG } from '@shared/my-books';
import { MyBooksPicker } from '../../components/my-books-picker';
import { ErrorMessage } from '../../components/error-ref';
import { useMyBooks } from '../../lib/my-books';
import { useShownError } from '../../lib/shown-error';

/**
 * The dashboard's one-time question: which bookmakers the person has
 * accounts at. It sits in the list after the first match, so it covers no price and the first
 * best-price row stays on a phone's first screen. Save stores the choice on the account; Skip
 * stores "none" — either way it is never asked again (the profile changes it later).
 */
export function MyBooksPrompt() {
  const { loaded, answered, save, saving } = useMyBooks();
  const [books, setBooks] = useState<number[]>([]);
  const [done, setDone] = useState(false);
  const { error, showFailure, clear } = useShownError('my-books-prompt');
  if (!loaded || answered || done) return null;

  async function answer(chosen: readonly number[]) {
    clear();
    try {
      await save(chosen);
      setDone(true);
    } catch (failure) {
      showFailure(MY_BOOKS_MSG.saveFailed, failure);
    }
  }

  return (
    <section className="card card-body p-2 p-sm-3 mb-3 my-books-prompt" aria-labelledby="my-books-prompt-title">
      <h2 id="my-books-prompt-title" className="h6 mb-1">
        {MY_BOOKS_MSG.title}
      </h2>
      <p className="small mb-2">{MY_BOOKS_MSG.question}</p>
      <MyBooksPicker value={books} onChange={setBooks} disabled={saving} legendHidden />
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={saving || books.length === 0}
          onClick={() => void answer(books)}
        >
          {MY_BOOKS_MSG.save}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={saving}
          onClick={() => void answer([])}
        >
          {MY_BOOKS_MSG.skip}
        </button>
      </div>
      {error && (
        <p className="small text-danger mt-2 mb-0" role="alert">
          <ErrorMessage error={error}>{error.message}</ErrorMessage>
        </p>
      )}
    </section>
  );
}
