/**
 * Links survive login: the protected address a logged-out visitor opened,
 * kept in sessionStorage (this tab only, so registration and the e-mailed code in between do not
 * lose it) until a login, a verified registration or a password reset takes the person there.
 * Only a same-site path is ever kept or returned.
 */
import { RETURN_TO_MSG } from '@shared/messages';

const KEY = 'return-to';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A path of this site ('/match/1?x=2'), never another origin ('//evil', 'https://…'). */
const isLocalPath = (path: string) => /^\/(?![/\\])/.test(path) && path.length <= 2000;

export function rememberReturnTo(path: string): void {
  if (!isLocalPath(path)) return;
  try {
    storage()?.setItem(KEY, path);
  } catch {
    // Without storage the person lands on the dashboard, as before.
  }
}

export function peekReturnTo(): string | null {
  try {
    const path = storage()?.getItem(KEY) ?? null;
    return path && isLocalPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetReturnTo(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** Where to go after logging in: the kept address (forgotten once taken) or `fallback`. */
export function takeReturnTo(fallback = '/dashboard'): string {
  const path = peekReturnTo();
  forgetReturnTo();
  return path ?? fallback;
}

/** The login dialog's reason line for the kept address: 'Log in to open this slip', '… match', '… page'. */
export function returnToReason(path: string | null): string | null {
  if (!path) return null;
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (pathname === '/slip') return RETURN_TO_MSG.slip;
  if (pathname.startsWith('/match/')) return RETURN_TO_MSG.match;
  return RETURN_TO_MSG.page;
}
