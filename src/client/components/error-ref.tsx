/**
 * The reference under an error message: the server's request id ("Ref 8F3K2QX7MA"), in small
 * type, selected whole by one tap or click so it copies in one go. Support finds the request's log
 * line by it (docs/qa-replay.md). Errors the server never answered (validation, no connection)
 * have none, and nothing is drawn.
 */
import { useSelector } from 'react-redux';
import { selectErrorFor, type ErrorsState, type ShownError } from '../lib/errors.slice';

export function ErrorRef({ error }: { error: Pick<ShownError, 'ref'> | undefined }) {
  if (!error?.ref) return null;
  return (
    <small className="error-ref d-block mt-1 text-body-secondary">
      Ref <span className="user-select-all font-monospace">{error.ref}</span>
    </small>
  );
}

const useErrorsSelector = useSelector.withTypes<{ errors: ErrorsState }>();

/** The reference of the error recorded for `source` (where the message itself is drawn from a query). */
export function ErrorRefFor({ source }: { source: string }) {
  const error = useErrorsSelector((state) => selectErrorFor(state, source));
  return <ErrorRef error={error} />;
}
