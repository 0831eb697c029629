/**
 * The action log: a middleware keeping the last N dispatched actions
 * (default 2,000) in a ring buffer, each stamped with its dispatch time, so QA can export it
 * (`export-log.ts`) and replay it (`npm run replay`) without a server. Actions, like states, are
 * kept as references and sanitized (`sanitize.ts`) when the log is read: nothing leaves it
 * unsanitized, and a dispatch pays nothing for walking a large odds answer.
 *
 * It must be the LAST middleware: then entries are in exactly the order the reducers saw
 * them, including the actions other middleware dispatch while handling one.
 * When old entries fall out of the buffer, the state after the last dropped one is kept,
 * so a replay can start from there instead of from an empty store.
 */
import { isAction, type Middleware } from '@reduxjs/toolkit';
import { sanitize } from './sanitize';

export const ACTION_LOG_LIMIT = 2000;

/** One logged action; plain JSON. `index` counts from 1 over the store's life. */
export interface ActionLogEntry {
  index: number;
  /** ms since the epoch when it was dispatched. */
  at: number;
  type: string;
  payload?: unknown;
  meta?: unknown;
  error?: unknown;
}

export interface ActionLog {
  middleware: Middleware;
  /** Oldest first. */
  entries(): ActionLogEntry[];
  /** How many older entries fell out of the buffer. */
  dropped(): number;
  /** The sanitized state before the oldest kept entry (the store's initial state if none dropped). */
  baseState(): unknown;
  /** The sanitized current state of the store the log is attached to. */
  currentState(): unknown;
  limit: number;
  clear(): void;
}

interface ActionLogOptions {
  limit?: number;
  now?: () => number;
}

const OPTIONAL_FIELDS = ['payload', 'meta', 'error'] as const;

type LoggedAction = { type: string } & Record<string, unknown>;

/** A slot of the ring: the action as dispatched, sanitized into an entry the first time it is read. */
type Slot = { index: number; at: number; action: LoggedAction } | ActionLogEntry;

function toEntry(action: LoggedAction, index: number, at: number): ActionLogEntry {
  const entry: ActionLogEntry = { index, at, type: String(action.type) };
  for (const field of OPTIONAL_FIELDS) {
    if (action[field] !== undefined) entry[field] = sanitize(action[field]);
  }
  return entry;
}

export function createActionLog({ limit = ACTION_LOG_LIMIT, now = Date.now }: ActionLogOptions = {}): ActionLog {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`action log limit must be a positive integer, got ${limit}`);
  let ring: (Slot | undefined)[] = new Array(limit);
  let after: unknown[] = new Array(limit);
  let start = 0;
  let count = 0;
  let seq = 0;
  let droppedCount = 0;
  let base: unknown;
  let current: () => unknown = () => base;

  const middleware: Middleware = (api) => {
    current = api.getState;
    return (next) => (action) => {
      if (!isAction(action)) return next(action);
      if (seq === 0 && droppedCount === 0) base = api.getState();
      // The slot is taken before the reducers run: a subscriber dispatching from inside
      // `next` is logged after this action, as the reducers saw them.
      const slot = (start + count) % limit;
      if (count === limit) {
        base = after[start];
        start = (start + 1) % limit;
        droppedCount += 1;
      } else {
        count += 1;
      }
      ring[slot] = { index: ++seq, at: now(), action: action as LoggedAction };
      after[slot] = undefined;
      const result = next(action);
      // Immutable states share structure, so keeping references is cheap.
      after[slot] = api.getState();
      return result;
    };
  };

  return {
    middleware,
    limit,
    entries() {
      const list: ActionLogEntry[] = [];
      for (let i = 0; i < count; i += 1) {
        const at = (start + i) % limit;
        let slot = ring[at] as Slot;
        if ('action' in slot) ring[at] = slot = toEntry(slot.action, slot.index, slot.at);
        list.push(slot);
      }
      return list;
    },
    dropped: () => droppedCount,
    baseState: () => sanitize(base),
    currentState: () => sanitize(current()),
    clear() {
      ring = new Array(limit);
      after = new Array(limit);
      start = 0;
      count = 0;
      droppedCount = 0;
      base = current();
    },
  };
}
