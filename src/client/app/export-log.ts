/**
 * Exporting the action log from the running app, without DevTools:
 * Ctrl+Shift+L (Cmd+Shift+L on a Mac) or `window.oddsmate.exportActionLog()` downloads it
 * as JSON. The file is built in the page and saved by the browser; nothing is sent anywhere.
 * `npm run replay -- FILE.json` reads it back.
 */
import type { ActionLog, ActionLogEntry } from './action-log';
import { oddsLayoutShown, type OddsLayoutShown } from '../features/dashboard/odds-layout';

export const ACTION_LOG_FORMAT = 'oddsmate-action-log';
export const ACTION_LOG_VERSION = 1;

export interface ActionLogExport {
  format: typeof ACTION_LOG_FORMAT;
  version: typeof ACTION_LOG_VERSION;
  appVersion: string;
  buildId: string;
  userAgent: string;
  viewport: { width: number; height: number; devicePixelRatio: number };
  /** The dashboard's layout on this screen (cards or table, and whether the switch shows). */
  oddsLayout: OddsLayoutShown;
  /** Kick-off times render in it; the replay renders in the same zone. */
  timeZone: string;
  language: string;
  /** The page's path when exported (no query string). */
  pathname: string;
  exportedAt: string;
  /** Buffer size and how many older actions fell out of it. */
  limit: number;
  dropped: number;
  /** Sanitized state before the first entry; a replay starts from it. */
  preloadedState: unknown;
  /** Sanitized state at export time; a full replay must reproduce it. */
  state: unknown;
  actions: ActionLogEntry[];
}

declare global {
  interface Window {
    oddsmate?: {
      /** Downloads the action log and returns what was saved. */
      exportActionLog(): ActionLogExport;
      /** The same document, without downloading (for tests and the console). */
      getActionLog(): ActionLogExport;
    };
  }
}

const defined = (read: () => string, fallback: string) => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

export function buildActionLogExport(log: ActionLog, now: Date = new Date()): ActionLogExport {
  return {
    format: ACTION_LOG_FORMAT,
    version: ACTION_LOG_VERSION,
    // Injected by webpack's DefinePlugin; absent under tests and Node.
    appVersion: defined(() => __APP_VERSION__, 'dev'),
    buildId: defined(() => __BUILD_ID__, 'dev'),
    userAgent: typeof navigator === 'undefined' ? 'unknown' : navigator.userAgent,
    viewport:
      typeof window === 'undefined'
        ? { width: 0, height: 0, devicePixelRatio: 1 }
        : { width: window.innerWidth, height: window.innerHeight, devicePixelRatio: window.devicePixelRatio || 1 },
    oddsLayout: typeof window === 'undefined' ? { layout: 'cards', switchable: false } : oddsLayoutShown(),
    timeZone: defined(() => Intl.DateTimeFormat().resolvedOptions().timeZone, 'UTC'),
    language: typeof navigator === 'undefined' ? 'unknown' : navigator.language,
    pathname: typeof location === 'undefined' ? '/' : location.pathname,
    exportedAt: now.toISOString(),
    limit: log.limit,
    dropped: log.dropped(),
    preloadedState: log.baseState(),
    state: log.currentState(),
    actions: log.entries(),
  };
}

/** `oddsmate-action-log-2026-11-21T10-15-00Z.json` */
export function exportFileName(exported: ActionLogExport): string {
  return `${ACTION_LOG_FORMAT}-${exported.exportedAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.json`;
}

function downloadActionLog(log: ActionLog): ActionLogExport {
  const exported = buildActionLogExport(log);
  const blob = new Blob([JSON.stringify(exported, null, 1)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = exportFileName(exported);
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return exported;
}

function isExportShortcut(event: KeyboardEvent): boolean {
  return event.shiftKey && (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'l';
}

/**
 * Installs the shortcut and `window.oddsmate`; returns an uninstall function.
 * Called once by the browser entry with the app store's log.
 */
export function installActionLogExport(log: ActionLog, target: Window = window): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isExportShortcut(event)) return;
    event.preventDefault();
    downloadActionLog(log);
  };
  target.addEventListener('keydown', onKeyDown);
  target.oddsmate = {
    ...target.oddsmate,
    exportActionLog: () => downloadActionLog(log),
    getActionLog: () => buildActionLogExport(log),
  };
  return () => {
    target.removeEventListener('keydown', onKeyDown);
    delete target.oddsmate;
  };
}
