/** Browser entry: build the store, then hydrate prerendered markup or render into the shell. */
import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './app/app';
import { setupStore } from './app/store';

const store = setupStore();
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
