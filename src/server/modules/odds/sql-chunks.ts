/**
 * Large `IN` lists and inserts go in chunks to stay under both databases' bound-parameter limits;
 * between the chunks of a big read or write the event loop gets a turn ({@link turn}), so a
 * 2,000-event batch never holds it for the whole of its statements (SQLite runs them synchronously).
 */
import { setImmediate } from 'node:timers/promises';

const CHUNK = 400;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Hands the event loop a turn (between two chunks of statements). */
export function turn(): Promise<void> {
  return setImmediate();
}
