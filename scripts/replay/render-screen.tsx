/**
 * Renders the replayed store with the app's real components, the way the browser would show
 * it at `route` (minus effects: nothing is fetched or stored), and wraps it in a standalone
 * HTML page with the built CSS inlined (dist/web when built, else Bootstrap's own CSS).
 * The page's chunk (public or logged in) and the dialogs are loaded before rendering, as the
 * browser entry does, so the page renders rather than its loading fallback; `prerender` rather
 * than renderToString, so lazy parts inside a page are waited for too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Provider } from 'react-redux';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { AppShell } from '../../src/client/app/app';
import { preloadRoute } from '../../src/client/app/app-routes';
import { DialogStack } from '../../src/client/features/account/dialogs/dialog-host';
import { setupStore, type AppStore } from '../../src/client/app/store';
import { OddsLayoutShownContext, type OddsLayoutShown } from '../../src/client/features/dashboard/odds-layout';
import { escapeHtml } from '../../src/server/core/mail/escape-html';

export interface ScreenOptions {
  /** Pins the clock the components read (kick-off labels say 'Today' relative to it). */
  now?: number;
  /** The dashboard's layout on the recorded screen (cards on a phone, the table or cards from 992 px). */
  oddsLayout?: OddsLayoutShown;
}

/** The markup of the app at `route`, as it would fill `#root`, as the recorded screen showed it. */
export async function renderScreen(
  store: AppStore,
  route: string,
  { now, oddsLayout }: ScreenOptions = {},
): Promise<string> {
  // The route may carry a query (the dashboard's `?league=&market=`); chunks go by its path.
  await Promise.all([preloadRoute(new URL(route, 'http://replay.invalid').pathname), DialogStack.preload()]);
  // The replayed store has no RTK Query middleware (a recorded request must start nothing); the
  // hooks need it, so the screen renders from a store that has it, holding the replayed state.
  // A static render runs no effects: nothing is fetched, no timer starts.
  const view = setupStore(store.getState(), { sideEffects: false, queries: true, actionLog: null });
  const realNow = Date.now;
  if (now !== undefined) Date.now = () => now;
  try {
    const { prelude } = await prerender(
      <Provider store={view}>
        <OddsLayoutShownContext.Provider value={oddsLayout ?? null}>
          <MemoryRouter initialEntries={[route]}>
            <AppShell />
          </MemoryRouter>
        </OddsLayoutShownContext.Provider>
      </Provider>,
      // One document, no boundary outlined behind a fallback and a reveal script: the replayed
      // screen is read as soon as it is opened.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return await new Response(prelude).text();
  } finally {
    Date.now = realNow;
  }
}

/**
 * The dashboard's layout the log recorded; a log from before it was recorded goes by the viewport
 * (the table and its switch from 992 px, as the app's default).
 */
export function recordedOddsLayout(info: Record<string, unknown>): OddsLayoutShown | undefined {
  const shown = info.oddsLayout as Partial<OddsLayoutShown> | undefined;
  if ((shown?.layout === 'cards' || shown?.layout === 'table') && typeof shown.switchable === 'boolean')
    return { layout: shown.layout, switchable: shown.switchable };
  const width = (info.viewport as { width?: unknown } | undefined)?.width;
  if (typeof width !== 'number' || width <= 0) return undefined;
  return width >= 992 ? { layout: 'table', switchable: true } : { layout: 'cards', switchable: false };
}

/**
 * The CSS of the built app: what dist/web/index.html links, then the stylesheets of the split
 * chunks; or Bootstrap's when not built.
 */
export function builtCss(root = process.cwd()): { css: string; from: string } {
  const web = path.join(root, 'dist/web');
  const shell = ['index.html', '200.html'].map((name) => path.join(web, name)).find(existsSync);
  if (shell) {
    const links = [...readFileSync(shell, 'utf8').matchAll(/<link[^>]+href="\/?([^"]+\.css)"/g)].map(
      (m) => m[1] as string,
    );
    const assets = path.join(web, 'assets');
    const chunks = existsSync(assets)
      ? readdirSync(assets)
          .filter((name) => name.endsWith('.css') && !links.includes(`assets/${name}`))
          .sort()
          .map((name) => `assets/${name}`)
      : [];
    const files = [...links, ...chunks].map((href) => path.join(web, href)).filter(existsSync);
    if (files.length) return { css: files.map((file) => readFileSync(file, 'utf8')).join('\n'), from: 'dist/web' };
  }
  const bootstrap = path.join(root, 'node_modules/bootstrap/dist/css/bootstrap.min.css');
  return existsSync(bootstrap)
    ? { css: readFileSync(bootstrap, 'utf8'), from: 'bootstrap (app not built)' }
    : { css: '', from: 'none' };
}

export interface PageOptions {
  markup: string;
  css: string;
  /** One line shown above the app, outside #root (step, route, open dialog). */
  banner: string;
}

/** A standalone page: no scripts, no outside requests. */
export function wrapPage({ markup, css, banner }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>OddsMate replay: ${escapeHtml(banner)}</title>
<style>${css.replace(/<\/style/gi, '<\\/style')}</style>
<style>.replay-banner{font:12px/1.6 monospace;background:#212529;color:#f8f9fa;padding:2px 8px}</style>
</head>
<body>
<div class="replay-banner" data-replay-banner>${escapeHtml(banner)}</div>
<div id="root">${markup}</div>
</body>
</html>
`;
}
