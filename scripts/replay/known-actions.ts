/**
 * The action types this app's reducers know: every action creator of its slices and action
 * modules (listed below; `test/client/replay/known-actions.test.ts` checks that every module of
 * src/client that creates actions is listed), and RTK Query's actions for this app's api — a
 * request's pending/fulfilled/rejected for an endpoint the api has, and the api's own
 * bookkeeping. Anything else in a log (another app's action, a renamed one, an endpoint the
 * build does not have) is named in the replay's summary.
 */
import * as store from '../../src/client/app/store';
import * as router from '../../src/client/app/router.slice';
import * as auth from '../../src/client/features/account/auth.slice';
import * as dialogs from '../../src/client/features/account/dialogs.slice';
import * as dashboard from '../../src/client/features/dashboard/dashboard.slice';
import * as slip from '../../src/client/lib/slip.slice';
import * as session from '../../src/client/lib/session';
import * as errors from '../../src/client/lib/errors.slice';
import { api } from '../../src/client/lib/api';
import type { ReplayAction } from './log-types';

/** The modules of src/client that create actions (createAction / createSlice). */
export const ACTION_MODULES: Record<string, Record<string, unknown>> = {
  'src/client/app/store.ts': store,
  'src/client/app/router.slice.ts': router,
  'src/client/features/account/auth.slice.ts': auth,
  'src/client/features/account/dialogs.slice.ts': dialogs,
  'src/client/features/dashboard/dashboard.slice.ts': dashboard,
  'src/client/lib/slip.slice.ts': slip,
  'src/client/lib/session.ts': session,
  'src/client/lib/errors.slice.ts': errors,
};

const isActionCreator = (value: unknown): value is { type: string } =>
  typeof value === 'function' && typeof (value as { type?: unknown }).type === 'string' && 'match' in value;

function creatorTypes(): Set<string> {
  const types = new Set<string>();
  for (const moduleExports of Object.values(ACTION_MODULES)) {
    for (const value of Object.values(moduleExports)) {
      if (isActionCreator(value)) types.add(value.type);
      const actions = (value as { actions?: unknown } | null)?.actions;
      if (typeof value === 'object' && value !== null && actions && typeof actions === 'object')
        for (const creator of Object.values(actions)) if (isActionCreator(creator)) types.add(creator.type);
    }
  }
  types.add(api.util.resetApiState.type);
  return types;
}

/**
 * The parts of RTK Query's own reducer (its cache, subscriptions, tags and config); the library
 * names its bookkeeping actions `<reducerPath>/<part>/<name>`.
 */
const QUERY_PARTS = new Set([
  'queries',
  'mutations',
  'subscriptions',
  'internalSubscriptions',
  'invalidation',
  'config',
]);
const REQUEST_THUNKS = new Set(['executeQuery', 'executeMutation']);
const REQUEST_PHASES = new Set(['pending', 'fulfilled', 'rejected']);

let known: Set<string> | undefined;

/** Whether the app's reducers know this action (its type, and for a request its endpoint). */
export function isKnownAction(action: { type: string; meta?: unknown }): boolean {
  known ??= creatorTypes();
  const { type } = action;
  if (type.startsWith('@@') || known.has(type)) return true;
  const [path, part, name, extra] = type.split('/');
  if (path === api.reducerPath && extra === undefined && part !== undefined && name !== undefined) {
    if (REQUEST_THUNKS.has(part)) {
      const endpoint = (action.meta as { arg?: { endpointName?: unknown } } | undefined)?.arg?.endpointName;
      return REQUEST_PHASES.has(name) && typeof endpoint === 'string' && endpoint in api.endpoints;
    }
    return QUERY_PARTS.has(part);
  }
  // RTK Query's focus and connectivity actions.
  return path === '__rtkq' && part !== undefined && name === undefined;
}

/** A request of an endpoint this build's api does not have (its reducers cannot take it). */
export function isRequestOfMissingEndpoint(action: { type: string; meta?: unknown }): boolean {
  const [path, part] = action.type.split('/');
  return path === api.reducerPath && part !== undefined && REQUEST_THUNKS.has(part) && !isKnownAction(action);
}

export interface UnknownType {
  /** The type, with the endpoint for a request of an endpoint this build does not have. */
  type: string;
  count: number;
  /** Index of its first action. */
  first: number;
}

/** The unknown action types among `actions`, in order of first appearance. */
export function unknownActionTypes(actions: ReplayAction[]): UnknownType[] {
  const found = new Map<string, UnknownType>();
  for (const action of actions) {
    if (isKnownAction(action)) continue;
    const endpoint = (action.meta as { arg?: { endpointName?: unknown } } | undefined)?.arg?.endpointName;
    const type = typeof endpoint === 'string' ? `${action.type} (endpoint ${endpoint})` : action.type;
    const entry = found.get(type);
    if (entry) entry.count += 1;
    else found.set(type, { type, count: 1, first: action.index });
  }
  return [...found.values()];
}
