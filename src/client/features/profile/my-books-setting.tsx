import { useState } from 'react';
import { Card, CardBody } from 'reactstrap';
import { MY_BOOKS_MSG } from '@shared/my-books';
import { MyBooksPicker } from '../../components/my-books-picker';
import { ErrorMessage } from '../../components/error-ref';
import { useMyBooks } from '../../lib/my-books';
import { useShownError } from '../../lib/shown-error';

/**
 * 'My bookmakers' on the profile: the books the person has accounts at,
 * changed and saved here (none is a valid choice).
 */
export function MyBooksSetting() {
  const { books, loaded, loadError, save, saving } = useMyBooks();
  const [chosen, setChosen] = useState<readonly number[]>(books);
  const [saved, setSaved] = useState(false);
  const { error, showFailure, clear } = useShownError('my-books');
  useShownError('my-books-load', loadError, MY_BOOKS_MSG.loadFailed);
  // The stored choice arrives (or changes elsewhere): the toggles follow it.
  const [stored, setStored] = useState(books);
  if (stored !== books) {
    setStored(books);
    setChosen(books);
  }
  const changed = chosen.join() !== books.join();

  async function submit() {
    clear();
    setSaved(false);
    try {
      await save(chosen);
      setSaved(true);
    } catch (failure) {
      showFailure(MY_BOOKS_MSG.saveFailed, failure);
    }
  }

  return (
    <Card className="mt-3">
      <CardBody>
        <h2 className="h5">{MY_BOOKS_MSG.title}</h2>
        <p className="small text-body-secondary">{MY_BOOKS_MSG.about}</p>
        {loadError ? (
          <p className="small text-danger mb-0" role="alert">
            {MY_BOOKS_MSG.loadFailed}
          </p>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <MyBooksPicker
              value={chosen}
              onChange={(next) => {
                setSaved(false);
                setChosen(next);
              }}
              disabled={!loaded || saving}
              legendHidden
            />
            {loaded && chosen.length === 0 && <p className="small text-body-secondary mb-2">{MY_BOOKS_MSG.none}</p>}
            <div className="d-flex align-items-center gap-2">
              <button type="submit" className="btn btn-sm btn-primary" disabled={!loaded || saving || !changed}>
                {MY_BOOKS_MSG.save}
              </button>
              {saved && !changed && (
                <span className="small text-success" role="status">
                  {MY_BOOKS_MSG.saved}
                </span>
              )}
            </div>
            {error && (
              <p className="small text-danger mt-2 mb-0" role="alert">
                <ErrorMessage error={error}>{error.message}</ErrorMessage>
              </p>
            )}
          </form>
        )}
      </CardBody>
    </Card>
  );
}
