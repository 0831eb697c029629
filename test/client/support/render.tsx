/**
 * Rendering with a real store and router (Redux "testing" guide): integration-first tests
 * render a route and query by role and text.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { setupStore, type AppStore, type RootState } from '../../../src/client/app/store';

interface Options extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  route?: string;
  /** Route through the browser's history (jsdom's address bar) instead of a memory router. */
  browserHistory?: boolean;
}

export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const {
    preloadedState,
    store = setupStore(preloadedState),
    route = '/',
    browserHistory = false,
    ...renderOptions
  } = options;
  if (browserHistory) window.history.replaceState(null, '', route);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        {browserHistory ? (
          <BrowserRouter>{children}</BrowserRouter>
        ) : (
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        )}
      </Provider>
    );
  }
  const user = userEvent.setup();
  return { store, user, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
