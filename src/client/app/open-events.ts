/**
 * Mounted once by the shell: turns the global open-dialog events (`lib/open-events.ts`) into an open dialog for as long as the app runs.
 */
import { useEffect } from 'react';
import { dialogOpened } from '../features/account/dialogs.slice';
import { OPEN_LOGIN_EVENT, OPEN_REGISTER_EVENT } from '../lib/open-events';
import { useAppDispatch } from './hooks';

const EVENT_DIALOGS = { [OPEN_LOGIN_EVENT]: 'login', [OPEN_REGISTER_EVENT]: 'register' } as const;

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
