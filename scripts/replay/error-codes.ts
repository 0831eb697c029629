/**
 * Error codes in a log and in a state (docs/architecture.md#spa, #settled-details): what the user was shown
 * (`errors/errorShown`) and every failed request (RTK Query `…/rejected` actions).
 */
import { parseErrorBody } from '@shared/errors';
import type { ReplayAction } from './log-types';

export interface SeenError {
  /** The action index, or null for errors read from a state. */
  index: number | null;
  /** Where it showed ('login', 'odds', …) or which endpoint failed. */
  where: string;
  code: string;
  message: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** `{ status, code, message }` (the app's normalized error) or a raw `{ status, data }` body. */
export function codeOfFailure(value: unknown): { code: string; message: string } | null {
  if (!isObject(value)) return null;
  if (text(value.code)) return { code: text(value.code), message: text(value.message) || text(value.description) };
  const body = parseErrorBody(value.data);
  if (body?.code) return { code: body.code, message: body.message ?? '' };
  if (value.status !== undefined) return { code: `HTTP_${String(value.status)}`, message: text(value.error) };
  return null;
}

export function errorOfAction(action: ReplayAction): SeenError | null {
  const { index, type, payload, meta } = action;
  if (type.endsWith('/errorShown') && isObject(payload) && text(payload.code))
    return { index, where: text(payload.source) || 'app', code: text(payload.code), message: text(payload.message) };
  if (type.endsWith('/rejected')) {
    const info = isObject(meta) ? meta : {};
    if (info.condition === true) return null; // skipped, not failed
    const arg = isObject(info.arg) ? info.arg : {};
    const where = text(arg.endpointName) || type.replace(/\/rejected$/, '');
    const failure = codeOfFailure(payload) ?? codeOfFailure(action.error);
    const errorText = isObject(action.error) ? text(action.error.message) : '';
    return { index, where, code: failure?.code ?? 'UNKNOWN', message: failure?.message || errorText };
  }
  if (/(error|failed|expired)/i.test(type) && isObject(payload) && text(payload.code))
    return { index, where: type, code: text(payload.code), message: text(payload.message) };
  return null;
}

export function errorsInLog(actions: readonly ReplayAction[]): SeenError[] {
  return actions.map(errorOfAction).filter((error): error is SeenError => error !== null);
}

/** Errors a state still holds: shown errors and failed queries/mutations. */
export function errorsInState(state: Json): SeenError[] {
  const found: SeenError[] = [];
  const shown = isObject(state.errors) && isObject(state.errors.bySource) ? state.errors.bySource : {};
  for (const [where, error] of Object.entries(shown)) {
    if (isObject(error)) found.push({ index: null, where, code: text(error.code), message: text(error.message) });
  }
  const api = isObject(state.api) ? state.api : {};
  for (const group of ['queries', 'mutations'] as const) {
    const entries = isObject(api[group]) ? api[group] : {};
    for (const entry of Object.values(entries)) {
      if (!isObject(entry) || entry.status !== 'rejected') continue;
      const failure = codeOfFailure(entry.error);
      found.push({
        index: null,
        where: text(entry.endpointName) || group,
        code: failure?.code ?? 'UNKNOWN',
        message: failure?.message ?? '',
      });
    }
  }
  return found;
}
