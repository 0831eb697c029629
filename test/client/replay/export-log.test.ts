import { createActionLog } from '../../../src/client/app/action-log';
import { locationChanged } from '../../../src/client/app/router.slice';
import {
  ACTION_LOG_FORMAT,
  buildActionLogExport,
  exportFileName,
  installActionLogExport,
} from '../../../src/client/app/export-log';
import { setupStore } from '../../../src/client/app/store';
import { sessionStarted } from '../../../src/client/features/account/auth.slice';
import { SECRETS, TOKEN } from './support/record-session';

function recordedStore() {
  const log = createActionLog({ now: () => 1_700_000_000_000 });
  const store = setupStore(undefined, { actionLog: log, sideEffects: false });
  store.dispatch(locationChanged({ pathname: '/dashboard', search: '' }));
  const user = { id: 'u1', username: 'ada', email: '', country: '1', createdAt: '', updatedAt: '' };
  store.dispatch(
    sessionStarted({ session: { token: TOKEN, refreshToken: SECRETS.refreshToken, user }, via: 'login' }, 5),
  );
  return { log, store };
}

/** Captures what a download would save: the blob and the file name. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const href = `blob:test/${blobs.size}`;
    blobs.set(href, blob);
    return href;
  });
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return { saved, restore: () => click.mockRestore() };
}

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('action log export', () => {
  it('carries the format, version, build, browser, viewport, times, states and sanitized actions', () => {
    const { log } = recordedStore();
    const exported = buildActionLogExport(log, new Date('2026-11-21T10:15:00.123Z'));
    expect(exported).toMatchObject({
      format: ACTION_LOG_FORMAT,
      version: 1,
      appVersion: 'dev',
      buildId: 'dev',
      userAgent: navigator.userAgent,
      viewport: { width: window.innerWidth, height: window.innerHeight, devicePixelRatio: 1 },
      // No media queries here: a phone's screen, the cards without the switch.
      oddsLayout: { layout: 'cards', switchable: false },
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: navigator.language,
      exportedAt: '2026-11-21T10:15:00.123Z',
      limit: 2000,
      dropped: 0,
    });
    expect(exported.actions.map((a) => [a.index, a.type, a.at])).toEqual([
      [1, 'router/locationChanged', 1_700_000_000_000],
      [2, 'auth/sessionStarted', 1_700_000_000_000],
    ]);
    expect((exported.preloadedState as { auth: { session: unknown } }).auth.session).toBeNull();
    expect((exported.state as { router: { pathname: string } }).router.pathname).toBe('/dashboard');
    expect(JSON.stringify(exported)).not.toMatch(new RegExp(`${SECRETS.ak}|${SECRETS.refreshToken}|eyJ`));
    expect(exportFileName(exported)).toBe('oddsmate-action-log-2026-11-21T10-15-00Z.json');
  });

  it('downloads on Ctrl+Shift+L, Cmd+Shift+L and window.oddsmate.exportActionLog(), sending nothing', async () => {
    const { log } = recordedStore();
    const downloads = captureDownloads();
    const fetchSpy = jest.fn();
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchSpy;
    const uninstall = installActionLogExport(log);
    try {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'L', ctrlKey: true, shiftKey: true }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'l', metaKey: true, shiftKey: true }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'l', ctrlKey: true })); // not the shortcut
      const returned = window.oddsmate?.exportActionLog();
      expect(downloads.saved).toHaveLength(3);
      expect(downloads.saved[0]?.name).toMatch(/^oddsmate-action-log-.*\.json$/);
      const saved = JSON.parse(await readBlob(downloads.saved[2]!.blob));
      expect(saved).toEqual(JSON.parse(JSON.stringify(returned)));
      expect(saved.actions).toHaveLength(2);
      expect(window.oddsmate?.getActionLog().actions).toHaveLength(2);
      expect(downloads.saved).toHaveLength(3);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      uninstall();
      downloads.restore();
      globalThis.fetch = realFetch;
    }
    expect(window.oddsmate).toBeUndefined();
  });
});
