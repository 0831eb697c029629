import { useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;
const currentMinute = () => Math.floor(Date.now() / MINUTE_MS);

let minute = currentMinute();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function refresh() {
  const next = currentMinute();
  if (next === minute) return;
  minute = next;
  listeners.forEach((notify) => notify());
}

/** One timer for every subscriber, firing just after each minute turns. */
function schedule() {
  timer = setTimeout(
    () => {
      refresh();
      schedule();
    },
    MINUTE_MS - (Date.now() % MINUTE_MS) + 50,
  );
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  if (listeners.size === 1) {
    refresh();
    schedule();
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) clearTimeout(timer);
  };
}

/**
 * The current time, as ms at the start of the minute; changes once a minute, so kick-off labels
 * ('Today' becomes 'Tomorrow' at midnight) stay right without re-rendering on every tick.
 */
export function useMinute(): number {
  return useSyncExternalStore(
    subscribe,
    () => minute * MINUTE_MS,
    () => minute * MINUTE_MS,
  );
}
