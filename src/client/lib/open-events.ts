/**
 * Global window events that open the auth dialogs from anywhere, including code outside React
 * (docs/architecture.md#settled-details): `window.dispatchEvent(new CustomEvent('open-register'))`. The shell
 * (`app/open-events.ts`) turns them into an open dialog, so a page outside the account feature
 * opens one without importing it.
 */
export const OPEN_LOGIN_EVENT = 'open-login';
export const OPEN_REGISTER_EVENT = 'open-register';

/** Fires the global event; the shell turns it into an open dialog. */
export function requestDialog(name: 'login' | 'register'): void {
  window.dispatchEvent(new CustomEvent(name === 'login' ? OPEN_LOGIN_EVENT : OPEN_REGISTER_EVENT));
}
