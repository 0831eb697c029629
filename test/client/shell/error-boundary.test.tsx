import { screen, waitFor } from '@testing-library/react';
import { startAnalytics } from '../../../src/client/app/analytics';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { ErrorBoundary } from '../../../src/client/components/error-boundary';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedInStore } from './support';

let api: MockApi;
let stopAnalytics: () => void;
let consoleError: jest.SpyInstance;
beforeEach(() => {
  api = mockApi().on('POST /api/analytics/events', { status: 202 });
  // React reports caught render errors on the console; the boundary is what is under test.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  stopAnalytics();
  api.restore();
  consoleError.mockRestore();
});

const state = { broken: true };
function Fragile() {
  if (state.broken) throw new Error('boom');
  return <p>Working again</p>;
}

it('shows the error screen, records RENDER_ERROR and reports critical_error', async () => {
  state.broken = true;
  const loggedIn = loggedInStore();
  stopAnalytics = startAnalytics({ flushDelayMs: 0 });
  const { store } = renderWithProviders(
    <ErrorBoundary>
      <Fragile />
    </ErrorBoundary>,
    { store: loggedIn },
  );

  expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  expect(screen.getByText('RENDER_ERROR')).toBeInTheDocument();
  expect(selectErrorFor(store.getState(), 'render')).toMatchObject({
    code: 'RENDER_ERROR',
    message: 'Something went wrong!',
  });

  await waitFor(() => expect(api.requests.some((r) => r.path === '/api/analytics/events')).toBe(true));
  const sent = api.requests.find((r) => r.path === '/api/analytics/events');
  expect(sent?.method).toBe('POST');
  expect(sent?.body).toEqual({
    events: [{ name: 'critical_error', country: 1, path: '/', at: expect.any(String), code: 'RENDER_ERROR' }],
  });
});

it("'Try Again' clears the error and renders again", async () => {
  state.broken = true;
  stopAnalytics = startAnalytics({ flushDelayMs: 0 });
  const { store, user } = renderWithProviders(
    <ErrorBoundary>
      <Fragile />
    </ErrorBoundary>,
    { store: loggedInStore() },
  );
  state.broken = false;
  await user.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(screen.getByText('Working again')).toBeInTheDocument();
  expect(selectErrorFor(store.getState(), 'render')).toBeUndefined();
});
