/**
 * Where a logged-out visitor was going (docs/product.md §10, "Booking codes"): a page that asks for
 * it (a shared code's page) is remembered when the visitor is sent to log in, and the login goes
 * back to it once. sessionStorage, best effort; only a same-site path is kept.
 */
const KEY = 'returnPath';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const samePath = (path: string) => /^\/(?!\/)[^\s\\]*$/.test(path) && path.length <= 300;

export function rememberReturnPath(path: string): void {
  try {
    if (samePath(path)) storage()?.setItem(KEY, path);
  } catch {
    // Without storage the login goes to the dashboard, as it always did.
  }
}

/** The remembered path, forgotten as it is read; null when there is none. */
export function takeReturnPath(): string | null {
  try {
    const path = storage()?.getItem(KEY) ?? null;
    storage()?.removeItem(KEY);
    return path !== null && samePath(path) ? path : null;
  } catch {
    return null;
  }
}
