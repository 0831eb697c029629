/**
 * Large `IN` lists and inserts go in chunks to stay under both databases' bound-parameter limits;
 * between the chunks of a big read or write the event loop gets a turn (core/event-loop.ts), so a
 * 2,000-event batch never holds it for the whole of its statements (SQLite runs them synchronously).
 */
import { nextTurn } from '../../core/event-loop';

const CHUNK = 400;

/** The chunks of `items`, the event loop getting a turn before every chunk but the first. */
export async function* chunksInTurns<T>(items: readonly T[], size = CHUNK): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await nextTurn();
    yield items.slice(i, i + size);
  }
}
