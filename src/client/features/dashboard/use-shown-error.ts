import { useEffect } from 'react';
import { ErrorCode, parseErrorBody } from '@shared/errors';
import { useAppDispatch } from '../../app/hooks';
import { errorShown } from '../../app/errors.slice';

/**
 * The code of a query error: AppError's own code (normalizing baseQuery), NETWORK_ERROR for a
 * failed fetch, the body's code, or the HTTP status as a last resort.
 */
export function errorCodeOf(error: unknown): string {
  if (!error || typeof error !== 'object') return ErrorCode.NETWORK_ERROR;
  const e = error as { code?: unknown; status?: unknown; data?: unknown };
  if (typeof e.code === 'string' && e.code) return e.code;
  if (e.status === 'FETCH_ERROR') return ErrorCode.NETWORK_ERROR;
  return parseErrorBody(e.data)?.code ?? String(e.status ?? ErrorCode.NETWORK_ERROR);
}

/** The error's own message (e.g. the local signing failures of SPEC §7), if it carries one. */
export function errorMessageOf(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** Records an error the user is shown, once per occurrence, with its code (ARCHITECTURE §6). */
export function useShownError(source: string, error: unknown, message: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (error) dispatch(errorShown({ source, code: errorCodeOf(error), message }));
  }, [dispatch, source, error, message]);
}
