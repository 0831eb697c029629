/**
 * Stands in for the RTK Query middleware when a store runs with side effects off (replays):
 * it starts no request, timer or refetch, but answers the hooks' "is the middleware there?"
 * probe with an empty subscription registry, so the app's components render from the
 * replayed cache exactly as they did live. The recorded `middlewareRegistered` action is
 * dropped: it carries the live page's middleware id, which means nothing in a replay.
 */
import type { Middleware } from '@reduxjs/toolkit';
import type { api as queryApi } from './api';

const noSubscriptions = {
  getSubscriptions: () => new Map(),
  getSubscriptionCount: () => 0,
  isRequestSubscribed: () => false,
};

export function inertQueryMiddleware(api: typeof queryApi): Middleware {
  return () => (next) => (action) => {
    if (api.internalActions.internal_getRTKQSubscriptions.match(action)) return noSubscriptions;
    if (api.internalActions.middlewareRegistered.match(action)) return action;
    return next(action);
  };
}
