/**
 * The RTK Query api arrives with the chunks that use it, not with the landing page: its module
 * announces itself here when evaluated (before any component of its chunk renders), and the
 * store, which must not import it, attaches the api's reducer and middleware when it does.
 */
import type { api as queryApi } from './api';

export type QueryApi = typeof queryApi;

let arrived: QueryApi | undefined;
const waiting = new Set<(api: QueryApi) => void>();

/** Called once by the api module. */
export function apiArrived(api: QueryApi): void {
  if (arrived) return;
  arrived = api;
  for (const attach of waiting) attach(api);
  waiting.clear();
}

/** Runs `attach` with the api now if it has arrived, else once it does. */
export function whenApiArrives(attach: (api: QueryApi) => void): void {
  if (arrived) attach(arrived);
  else waiting.add(attach);
}
