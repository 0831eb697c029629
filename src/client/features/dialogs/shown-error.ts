/**
 * The error a dialog or form shows lives in the store (`errors` slice), recorded with its code
 * (ARCHITECTURE §8), and is read back from there, so support and replays see exactly what the
 * person saw.
 */
import { useCallback } from 'react';
import { ErrorCode } from '@shared/errors';
import { MSG } from '@shared/messages';
import { errorDismissed, errorShown, selectErrorFor } from '../../app/errors.slice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

/** Validation messages carry VALIDATION_ERROR, except the password length rule: code 'password'. */
export function validationCode(message: string): string {
  return message === MSG.passwordTooShort ? ErrorCode.PASSWORD : ErrorCode.VALIDATION_ERROR;
}

export function useShownError(source: string) {
  const dispatch = useAppDispatch();
  const error = useAppSelector((state) => selectErrorFor(state, source));
  const hasError = error !== undefined;
  /** Shows a validation message (its code derived) or a message with a given code. */
  const show = useCallback(
    (message: string, code: string = validationCode(message)) => dispatch(errorShown({ source, code, message })),
    [dispatch, source],
  );
  const clear = useCallback(() => {
    if (hasError) dispatch(errorDismissed({ source }));
  }, [dispatch, hasError, source]);
  return { error, show, clear };
}
