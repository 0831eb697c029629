/**
 * Global window events that open the auth dialogs from anywhere, including code outside React
 * (SPEC §2, ARCHITECTURE §8): `window.dispatchEvent(new CustomEvent('open-register'))`.
 */
import { useEffect } from 'react';
import { dialogOpened } from '../features/dialogs/dialogs.slice';
import { useAppDispatch } from './hooks';

export const OPEN_LOGIN_EVENT = 'open-login';
export const OPEN_REGISTER_EVENT = 'open-register';

const EVENT_DIALOGS = { [OPEN_LOGIN_EVENT]: 'login', [OPEN_REGISTER_EVENT]: 'register' } as const;

/** Fires the global event; the shell turns it into an open dialog. */
export function requestDialog(name: 'login' | 'register'): void {
  window.dispatchEvent(new CustomEvent(name === 'login' ? OPEN_LOGIN_EVENT : OPEN_REGISTER_EVENT));
}

/** Mounted once by the shell: listens for the global events for as long as the app runs. */
export function useGlobalOpenEvents(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const entries = Object.entries(EVENT_DIALOGS).map(([type, name]) => {
      const listener = () => dispatch(dialogOpened({ name }));
      window.addEventListener(type, listener);
      return () => window.removeEventListener(type, listener);
    });
    return () => entries.forEach((remove) => remove());
  }, [dispatch]);
}
