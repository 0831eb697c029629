/**
 * Browser entry: build the store, start the side effects that belong to a real visit (session
 * persistence, analytics), then hydrate prerendered markup or render into the empty shell.
 * Under react-snap (prerendering) analytics stay off and the session check does not run, so
 * the static HTML is exactly the client's first render (ARCHITECTURE §6, §8).
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { beaconTransport, startAnalytics } from './app/analytics';
import { App } from './app/app';
import { ga4MeasurementId, ga4Transport } from './app/ga4';
import { installActionLogExport } from './app/export-log';
import { startAppListening } from './app/listener';
import { isPrerendering } from './app/prerender';
import { setupStore } from './app/store';
import { registerAuthListeners } from './features/auth/auth.listeners';
import { browserAuthDeps } from './features/auth/session';

const store = setupStore();
registerAuthListeners(startAppListening, browserAuthDeps());
if (!isPrerendering()) {
  const ga4 = ga4MeasurementId();
  startAnalytics({ transports: ga4 ? [beaconTransport(), ga4Transport(ga4)] : [beaconTransport()] });
}
// QA: Ctrl/Cmd+Shift+L or window.oddsmate.exportActionLog() saves the action log (docs/qa-replay.md).
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

if (container.hasChildNodes()) hydrateRoot(container, tree);
else createRoot(container).render(tree);
