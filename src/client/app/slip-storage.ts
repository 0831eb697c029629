/**
 * Keeps the bet slip's legs in localStorage whenever they change, so the
 * slip survives a reload; a logout or a deleted account empties it (and the kept link of
 * docs/product.md#states), so the next person on the device starts clean. Registered once by the
 * browser entry.
 */
import { isAnyOf } from '@reduxjs/toolkit';
import { slipCleared, storeLegs } from '../lib/slip.slice';
import { accountDeleted } from '../lib/session';
import { forgetReturnTo } from '../lib/return-to';
import { userLoggedOut } from '../features/account/auth.slice';
import { startAppListening } from './listener';

export function registerSlipStorage(): () => void {
  const stopStoring = startAppListening({
    predicate: (_action, current, previous) => current.slip.legs !== previous.slip.legs,
    effect: (_action, listener) => storeLegs(listener.getState().slip.legs),
  });
  const stopClearing = startAppListening({
    matcher: isAnyOf(userLoggedOut, accountDeleted),
    effect: (_action, listener) => {
      forgetReturnTo();
      listener.dispatch(slipCleared());
    },
  });
  return () => {
    stopStoring();
    stopClearing();
  };
}
