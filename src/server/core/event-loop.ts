/**
 * Long synchronous work in slices. A loop over thousands of items — a big batch's events, prices
 * or rows, a rebuild's events and answers — asks `slicer.due` between items and, once its slice has
 * run SLICE_MS, awaits `slicer.pause()`: a macrotask turn in which timers, I/O and the requests
 * that arrived meanwhile run before the work goes on (docs/architecture.md#data-flow). An `await`
 * alone is no turn: a resolved promise (and better-sqlite3's synchronous statements behind
 * Kysely) continues in the same task.
 */
import { setImmediate } from 'node:timers/promises';

/** A slice of work runs about this long before the event loop gets a turn. */
export const SLICE_MS = 5;

/** When work last came back from a turn it handed the event loop. */
let resumedAt = performance.now();

/** Hands the event loop one turn. */
export async function nextTurn(): Promise<void> {
  await setImmediate();
  resumedAt = performance.now();
}

/**
 * Whether the work running now has held the event loop for a slice since it last handed a turn
 * (for loops without a Slicer of their own, such as a repository's chunks of statements).
 */
export function turnDue(): boolean {
  return performance.now() - resumedAt >= SLICE_MS;
}

/** Times a run of work and hands the event loop a turn once the current slice ran long enough. */
export class Slicer {
  private since = performance.now();
  private paused = 0;

  constructor(private readonly sliceMs = SLICE_MS) {}

  get due(): boolean {
    return performance.now() - this.since >= this.sliceMs;
  }

  /**
   * The time spent in the turns handed back so far: the timers, I/O and requests that ran in them,
   * and the garbage collector's tasks, which V8 runs there too.
   */
  get pausedMs(): number {
    return this.paused;
  }

  async pause(): Promise<void> {
    const before = performance.now();
    await nextTurn();
    this.since = performance.now();
    this.paused += this.since - before;
  }

  /** A turn when the slice is due (`await slicer.step()` between two items). */
  async step(): Promise<void> {
    if (this.due) await this.pause();
  }
}
