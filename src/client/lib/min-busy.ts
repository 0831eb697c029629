/** The minimum busy display of docs/product.md#states (300 ms): a fast answer still shows the busy state. */
import { MIN_BUSY_MS } from '@shared/constants';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves with `work`'s value, but not before `ms` have passed. */
export async function atLeast<T>(work: Promise<T>, ms: number = MIN_BUSY_MS): Promise<T> {
  const [value] = await Promise.all([work, delay(ms)]);
  return value;
}
