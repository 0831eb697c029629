/**
 * The one way to record an error a person is shown: it goes into the store
 * (`errors` slice) with its code, keyed by where it shows, and is read back from there, so
 * support (DevTools) and QA (action log, replays) see exactly what the person saw.
 *
 * - forms: `show(message)` for a validation message (its code derived) or `show(message, code)`;
 *   `showFailure(message, failure)` for a failed request (its code and the server's reference);
 *   `clear()` when the person moves on; `error` is what to render; `useFormError` for a form that
 *   is mounted afresh for other data, whose error goes with it;
 * - requests: pass the failure (a query's `error` while it shows, else undefined) and the message
 *   on screen; it is recorded once per occurrence, with its code and, when the server answered,
 *   the reference (request id) shown under the message (`ErrorMessage`).
 */
import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { ErrorCode } from '@shared/errors';
import { MSG } from '@shared/messages';
import { errorDismissed, errorShown, selectErrorFor, type ErrorsState } from './errors.slice';
import { asAppError } from './errors';

// Typed for the one slice these hooks touch (lib cannot import the app's store types).
const useErrorsSelector = useSelector.withTypes<{ errors: ErrorsState }>();

/** Validation messages carry VALIDATION_ERROR, except the password length rule: code 'password'. */
function validationCode(message: string): string {
  return message === MSG.passwordTooShort ? ErrorCode.PASSWORD : ErrorCode.VALIDATION_ERROR;
}

export function useShownError(source: string, failure?: unknown, failureMessage?: string) {
  const dispatch = useDispatch();
  const error = useErrorsSelector((state) => selectErrorFor(state, source));
  const hasError = error !== undefined;
  /** Shows a validation message (its code derived) or a message with a given code. */
  const show = useCallback(
    (message: string, code: string = validationCode(message), ref?: string) =>
      dispatch(errorShown({ source, code, message, ref })),
    [dispatch, source],
  );
  /** Shows the message of a failed request with its code and the server's reference. */
  const showFailure = useCallback(
    (message: string, failure: unknown) => {
      const { code, requestId } = asAppError(failure);
      return show(message, code, requestId);
    },
    [show],
  );
  const clear = useCallback(() => {
    if (hasError) dispatch(errorDismissed({ source }));
  }, [dispatch, hasError, source]);
  useEffect(() => {
    if (failure && failureMessage) showFailure(failureMessage, failure);
  }, [showFailure, failure, failureMessage]);
  return { error, show, showFailure, clear };
}

/**
 * `useShownError` for a form mounted afresh for other data (another selection, another slip): its
 * error goes when the form does, so the next one does not open with it.
 */
export function useFormError(source: string) {
  const shown = useShownError(source);
  const dispatch = useDispatch();
  const store = useStore<{ errors: ErrorsState }>();
  useEffect(
    () => () => {
      if (selectErrorFor(store.getState(), source)) dispatch(errorDismissed({ source }));
    },
    [dispatch, store, source],
  );
  return shown;
}
