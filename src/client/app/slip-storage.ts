/**
 * Keeps the bet slip's legs in localStorage whenever they change (docs/product.md §10), so the
 * slip survives a reload. Registered once by the browser entry.
 */
import { storeLegs } from '../lib/slip.slice';
import { startAppListening } from './listener';

export function registerSlipStorage(): () => void {
  return startAppListening({
    predicate: (_action, current, previous) => current.slip.legs !== previous.slip.legs,
    effect: (_action, listener) => storeLegs(listener.getState().slip.legs),
  });
}
