/**
 * Feeds a log's actions into a fresh store with side effects off (`setupStore(…, {
 * sideEffects: false })`: no listeners, no RTK Query middleware, no DevTools), through the
 * real root reducer. Everything read from the file is sanitized first, so a DevTools export
 * holding tokens never puts them in a summary or a rendered page.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { sanitize } from '../../src/client/app/sanitize';
import { setupStore, type AppStore, type RootState } from '../../src/client/app/store';
// The parts of the store that the browser loads with their chunks: a replay needs all of them.
import '../../src/client/app/store-parts';
import { isRequestOfMissingEndpoint } from './known-actions';
import { LogError, type LoadedLog, type ReplayAction } from './log-types';

export interface ReplayResult {
  store: AppStore;
  /** The actions that were applied (up to `until`). */
  applied: ReplayAction[];
  /** The last applied index, or 0 when none were. */
  lastIndex: number;
}

/** Redux's own bookkeeping actions (DevTools exports may carry them). */
const isInternal = (type: string) => type.startsWith('@@');

export function toAction(entry: ReplayAction): UnknownAction {
  const action: UnknownAction = { type: entry.type };
  if (entry.payload !== undefined) action.payload = sanitize(entry.payload);
  if (entry.meta !== undefined) action.meta = sanitize(entry.meta);
  if (entry.error !== undefined) action.error = sanitize(entry.error);
  return action;
}

export function replayLog(log: LoadedLog, options: { until?: number } = {}): ReplayResult {
  const preloaded = log.preloadedState === undefined ? undefined : (sanitize(log.preloadedState) as Partial<RootState>);
  let store: AppStore;
  try {
    store = setupStore(preloaded, { sideEffects: false, actionLog: null });
  } catch (error) {
    throw new LogError(`"preloadedState" does not fit the app's store: ${(error as Error).message}`);
  }
  const applied: ReplayAction[] = [];
  for (const entry of log.actions) {
    if (options.until !== undefined && entry.index > options.until) break;
    if (isInternal(entry.type)) continue;
    // RTK Query's reducers read the endpoint's definition: one this build lacks is named in the
    // summary (unknown action types) instead of being fed to them.
    if (isRequestOfMissingEndpoint(entry)) {
      applied.push(entry);
      continue;
    }
    try {
      store.dispatch(toAction(entry));
    } catch (error) {
      throw new LogError(`action ${entry.index} (${entry.type}) fails in the reducers: ${(error as Error).message}`);
    }
    applied.push(entry);
  }
  return { store, applied, lastIndex: applied[applied.length - 1]?.index ?? 0 };
}
