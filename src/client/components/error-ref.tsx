/**
 * The reference under an error message: the server's request id ("Ref 8F3K2QX7MA"), in small
 * type, selected whole by one tap or click so it copies in one go. Support finds the request's log
 * line by it. Errors the server never answered (validation, no connection)
 * have none, and the message is drawn as it always was.
 */
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { selectErrorFor, type ErrorsState, type ShownError } from '../lib/errors.slice';

type WithRef = Pick<ShownError, 'ref'> | undefined;

/**
 * The message, and under it the error's reference when it has one. With a reference the message
 * gets its own element, so it still reads as the spec's text on its own.
 */
export function ErrorMessage({ error, children }: { error: WithRef; children: ReactNode }) {
  if (!error?.ref) return <>{children}</>;
  return (
    <>
      <span>{children}</span>
      <small className="error-ref d-block mt-1 text-body-secondary">
        Ref <span className="user-select-all font-monospace">{error.ref}</span>
      </small>
    </>
  );
}

const useErrorsSelector = useSelector.withTypes<{ errors: ErrorsState }>();

/** {@link ErrorMessage} with the error recorded for `source` (where the message comes from a query). */
export function ErrorMessageFor({ source, children }: { source: string; children: ReactNode }) {
  const error = useErrorsSelector((state) => selectErrorFor(state, source));
  return <ErrorMessage error={error}>{children}</ErrorMessage>;
}
