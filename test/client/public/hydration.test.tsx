/**
 * The prerender pipeline in miniature: load the route's chunk and render it as react-snap does (user agent
 * 'ReactSnap'), minify the captured markup with the options of scripts/prerender.mjs, then
 * hydrate it as a normal browser would. Any mismatch (for example adjacent text nodes that the
 * static HTML merges) shows as a recoverable error or a console error.
 */
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { AppShell } from '../../../src/client/app/app';
import { preloadRoute } from '../../../src/client/app/app-routes';
import { setupStore } from '../../../src/client/app/store';
import { mockApi, type MockApi } from '../support/mock-api';
import { stubScrolling } from '../shell/support';

const { minify } = jest.requireActual<{ minify(html: string, options: object): string }>('html-minifier');
/** As in scripts/prerender.mjs. */
const MINIFY_HTML = { collapseWhitespace: true, removeComments: true };

const ROUTES = ['/', '/nigeria', '/kenya', '/ghana', '/about', '/terms', '/privacy', '/responsible-gambling'];

function tree(route: string): ReactElement {
  return (
    <Provider store={setupStore()}>
      <MemoryRouter initialEntries={[route]}>
        <AppShell />
      </MemoryRouter>
    </Provider>
  );
}

async function prerender(route: string): Promise<string> {
  // The browser entry loads the page's chunk before rendering (and before hydrating).
  await preloadRoute(route);
  Object.defineProperty(navigator, 'userAgent', { value: 'ReactSnap', configurable: true });
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(tree(route)));
  const html = container.innerHTML;
  act(() => root.unmount());
  delete (navigator as unknown as Record<string, unknown>).userAgent;
  return minify(html, MINIFY_HTML);
}

let api: MockApi;
let consoleError: jest.SpyInstance;
beforeEach(() => {
  stubScrolling();
  api = mockApi().on('GET /api/odds/sample', { body: { data: { events: [], source: 'live' } } });
  consoleError = jest.spyOn(console, 'error');
});
afterEach(() => {
  api.restore();
  consoleError.mockRestore();
  localStorage.clear();
});

it.each(ROUTES)('%s hydrates its prerendered markup without a mismatch', async (route) => {
  const html = await prerender(route);
  expect(html).toContain('<h1');

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, tree(route), { onRecoverableError: (error) => errors.push(error) }),
  );
  expect(errors).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  act(() => root.unmount());
  container.remove();
});
