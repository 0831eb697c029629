import { screen, waitFor } from '@testing-library/react';
import { startAnalytics } from '../../../src/client/app/analytics';
import { AppShell } from '../../../src/client/app/app';
import { locationChanged } from '../../../src/client/app/router.slice';
import { setupStore } from '../../../src/client/app/store';
import { sessionStarted, startupCheckFinished } from '../../../src/client/features/account/auth.slice';
import type { AnalyticsEventDto } from '../../../src/shared/contract/analytics';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { SESSION, loggedOutStore, stubScrolling, preloadPublicPages } from './support';

let api: MockApi;
let stop: () => void;
beforeAll(preloadPublicPages);
beforeEach(() => {
  stubScrolling();
  api = mockApi().on('POST /api/analytics/events', { status: 202 });
  stop = startAnalytics({ flushDelayMs: 0 });
});
afterEach(() => {
  stop();
  api.restore();
});

function sentEvents(): AnalyticsEventDto[] {
  return api.requests
    .filter((r) => r.method === 'POST' && r.path === '/api/analytics/events')
    .flatMap((r) => (r.body as { events: AnalyticsEventDto[] }).events);
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const names = () => sentEvents().map((e) => [e.name, e.country, e.path]);

it('sends page_view on every route change, with null country when anonymous', async () => {
  const { user } = renderWithProviders(<AppShell />, { store: loggedOutStore() });
  await waitFor(() => expect(names()).toEqual([['page_view', null, '/']]));
  await user.click(screen.getByRole('link', { name: 'About' }));
  await waitFor(() =>
    expect(names()).toEqual([
      ['page_view', null, '/'],
      ['page_view', null, '/about'],
    ]),
  );
  expect(sentEvents()[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT/);
});

it('waits for the start-up check so a returning user’s page_view carries the country', async () => {
  const store = setupStore();
  store.dispatch(locationChanged({ pathname: '/nigeria', search: '' }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sentEvents()).toEqual([]);
  store.dispatch(startupCheckFinished({ session: { ...SESSION, timestamp: 1 } }));
  await waitFor(() => expect(names()).toEqual([['page_view', 1, '/nigeria']]));
});

it.each([
  ['login', 'user_login_success'],
  ['verify-login', 'user_login_success'],
  ['reset', 'user_login_success'],
  ['verify-registration', 'user_registration_completed'],
] as const)('a session started via %s sends %s with the country', async (via, name) => {
  const store = loggedOutStore();
  store.dispatch(locationChanged({ pathname: '/nigeria', search: '' }));
  store.dispatch(sessionStarted({ session: SESSION, via }));
  await waitFor(() => expect(names()).toContainEqual([name, 1, '/nigeria']));
  expect(sentEvents().filter((e) => e.name !== 'page_view')).toHaveLength(1);
});

it('prefers navigator.sendBeacon and batches events', async () => {
  stop();
  const beacon = jest.fn<boolean, [string, Blob]>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  try {
    stop = startAnalytics({ flushDelayMs: 10 });
    const store = loggedOutStore();
    store.dispatch(locationChanged({ pathname: '/', search: '' }));
    store.dispatch(locationChanged({ pathname: '/kenya', search: '' }));
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(1));
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/analytics/events');
    const body = JSON.parse(await readBlob(blob)) as { events: AnalyticsEventDto[] };
    expect(body.events.map((e) => e.path)).toEqual(['/', '/kenya']);
    expect(sentEvents()).toEqual([]);
  } finally {
    delete (navigator as unknown as Record<string, unknown>).sendBeacon;
  }
});
