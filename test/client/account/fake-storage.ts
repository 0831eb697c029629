/** An in-memory Storage for the injectable auth dependencies. */
import type { SessionStorage } from '../../../src/client/lib/session-storage';

export function fakeStorage(initial: Record<string, string> = {}): SessionStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
