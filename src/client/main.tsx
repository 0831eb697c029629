/**
 * Browser entry: build the store, start the side effects that belong to a real visit (session
 * persistence, analytics), load the chunk of the page being opened, then hydrate prerendered
 * markup or render into the empty shell.
 * Under react-snap (prerendering) analytics stay off and the session check does not run, so
 * the static HTML is exactly the client's first render.
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { beaconTransport, startAnalytics } from './app/analytics';
import { App } from './app/app';
import { preloadPublicPages, preloadRoute } from './app/app-routes';
import { ga4MeasurementId, ga4Transport } from './app/ga4';
import { installActionLogExport } from './app/export-log';
import { startAppListening } from './app/listener';
import { registerSlipStorage } from './app/slip-storage';
import { startSessionCheck } from './app/startup-check';
import { isPrerendering } from './lib/prerender';
import { selectIsLoggedIn } from './lib/session';
import { setupStore } from './app/store';
import { registerAuthListeners } from './features/account/auth.listeners';
import { browserAuthDeps } from './features/account/session';
import { DialogStack } from './features/account/dialogs/dialog-host';

const store = setupStore();
registerAuthListeners(startAppListening, browserAuthDeps());
registerSlipStorage();
if (!isPrerendering()) {
  const ga4 = ga4MeasurementId();
  startAnalytics({ transports: ga4 ? [beaconTransport(), ga4Transport(ga4)] : [beaconTransport()] });
}
// QA: Ctrl/Cmd+Shift+L or window.oddsmate.exportActionLog() saves the action log.
if (store.actionLog) installActionLogExport(store.actionLog);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const tree = (
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>
);

function start(root: HTMLElement) {
  // Hydrating or rendering inside a transition lets React work in slices and yield to the browser
  // in between, instead of one long task (a prerendered page is already visible meanwhile; the
  // empty shell of the logged-in pages paints as soon as the first slices are done).
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, tree));
  else {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(tree));
  }
}

// A page that is not prerendered (the logged-in area) has no static markup to match, so the
// start-up session check runs before its first render: a stored, valid session is accepted at
// once (no request), and the page itself, not 'Loading...', is the first thing painted.
if (!container.hasChildNodes()) startSessionCheck(store);

// A chunk that fails to load here is loaded again when its page renders.
preloadRoute(window.location.pathname).then(
  () => start(container),
  () => start(container),
);

// Once the page has loaded and the browser is idle, fetch what a visitor is likely to need next
// (the dialogs, the other public pages), off the critical path. Not for a logged-in person, who
// needs neither the login dialogs nor, most of the time, the public pages: on a phone those
// chunks' parsing would compete with the dashboard's first minute. Not while prerendering: the
// static HTML must only reference what its own page needs.
if (!isPrerendering()) {
  const whenIdle = (task: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 5_000 }) : setTimeout(task, 1_000);
  const prefetch = () =>
    whenIdle(() => {
      if (selectIsLoggedIn(store.getState())) return;
      void Promise.allSettled([DialogStack.preload(), preloadPublicPages()]);
    });
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}
