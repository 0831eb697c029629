/**
 * Large `IN` lists and inserts go in chunks to stay under both databases' bound-parameter limits;
 * between the chunks of a big read or write the event loop gets a turn (core/event-loop.ts), so a
 * 2,000-event batch never holds it for the whole of its statements (SQLite runs them synchronously).
 */
import { nextTurn, turnDue } from '../../core/event-loop';

const CHUNK = 400;

/**
 * The chunks of `items`; before every chunk but the first the event loop gets a turn once the
 * work has held it for a slice (a small batch's few chunks run on without one).
 */
export async function* chunksInTurns<T>(items: readonly T[], size = CHUNK): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0 && turnDue()) await nextTurn();
    yield items.slice(i, i + size);
  }
}
