import { NIGERIA_COUNTRY_ID } from '@shared/lookups';
import { act, screen, waitFor } from '@testing-library/react';
import { AppShell } from '../../../src/client/app/app';
import { selectErrorFor } from '../../../src/client/lib/errors.slice';
import { selectTopDialog } from '../../../src/client/features/account/dialogs.slice';
import type { OddsEventDto } from '../../../src/shared/contract/odds';
import { mockApi, type MockApi } from '../support/mock-api';
import { renderWithProviders } from '../support/render';
import { loggedInStore, loggedOutStore, settleLazy, stubScrolling, preloadPublicPages } from '../shell/support';

function event(id: string, name: string): OddsEventDto {
  return {
    id,
    name,
    date: '2026-11-28T15:00:00Z',
    competitionId: 1,
    markets: [
      {
        marketId: 1,
        odds: [
          {
            providerId: 1,
            margin: 5.12,
            odds: [
              { selectionTypeId: 1, value: 2.1, flags: 8 },
              { selectionTypeId: 2, value: 3.4, flags: 0 },
              { selectionTypeId: 3, value: 3.6, flags: 0 },
            ],
          },
        ],
      },
    ],
  };
}

const SAMPLE = [event('e1', 'Arsenal vs Chelsea'), event('e2', 'Real Madrid vs Sevilla'), event('e3', 'Inter vs Roma')];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let api: MockApi;
beforeAll(preloadPublicPages);
beforeEach(() => {
  stubScrolling();
  api = mockApi();
});
afterEach(() => api.restore());

it('shows the placeholder for at least 300 ms, then the first 2 sample matches with the demo label', async () => {
  api.on('GET /api/odds/sample', { body: { data: { events: SAMPLE, source: 'demo' } } });
  const started = performance.now();
  renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/nigeria' });
  expect(screen.getByText('Loading sample matches...')).toBeInTheDocument();
  // The answer is immediate; the matches still wait for the 300 ms minimum.
  expect(await screen.findByRole('heading', { name: 'Arsenal vs Chelsea' })).toBeInTheDocument();
  expect(performance.now() - started).toBeGreaterThanOrEqual(295);
  expect(screen.getByRole('heading', { level: 1, name: 'Compare football odds in Nigeria' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Real Madrid vs Sevilla' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Inter vs Roma' })).not.toBeInTheDocument();
  expect(screen.getByText('Demo data')).toBeInTheDocument();
  expect(screen.queryByText('Loading sample matches...')).not.toBeInTheDocument();

  const request = api.requests.find((r) => r.path === '/api/odds/sample');
  expect(request?.query.get('country')).toBe(String(NIGERIA_COUNTRY_ID));
});

it('warns when the preview fails and records the error with its code', async () => {
  api.on('GET /api/odds/sample', {
    status: 500,
    body: { error: { code: 'INTERNAL_ERROR', description: 'Something broke', type: 'server' } },
  });
  const { store } = renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/nigeria' });
  expect(
    await screen.findByText('Preview temporarily unavailable. Please try again later - Login to access all odds data!'),
  ).toBeInTheDocument();
  await waitFor(() =>
    expect(selectErrorFor(store.getState(), 'preview')).toMatchObject({
      code: 'INTERNAL_ERROR',
      message: 'Failed to load preview odds',
    }),
  );
});

it('explains the preview when there are no sample matches', async () => {
  api.on('GET /api/odds/sample', { body: { data: { events: [], source: 'live' } } });
  renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/nigeria' });
  expect(await screen.findByText('Sample Match Preview')).toBeInTheDocument();
  expect(screen.getByText('Sign up to see real-time odds from Nigerian bookmakers!')).toBeInTheDocument();
  expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
});

it("'Get Started Free' opens the Register dialog", async () => {
  api.on('GET /api/odds/sample', { body: { data: { events: [], source: 'live' } } });
  const { store, user } = renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/nigeria' });
  await user.click(screen.getAllByRole('button', { name: 'Get Started Free' })[0]!);
  expect(selectTopDialog(store.getState())).toEqual({ name: 'register' });
});

it('offers the dashboard instead when logged in', async () => {
  api.on('GET /api/odds/sample', { body: { data: { events: [], source: 'live' } } });
  renderWithProviders(<AppShell />, { store: loggedInStore(), route: '/nigeria' });
  await settleLazy();
  expect(screen.queryByRole('button', { name: 'Get Started Free' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Open Dashboard' })[0]).toHaveAttribute('href', '/dashboard');
});

it('lists the bookmakers, leagues and markets', async () => {
  api.on('GET /api/odds/sample', { body: { data: { events: [], source: 'live' } } });
  renderWithProviders(<AppShell />, { store: loggedOutStore(), route: '/nigeria' });
  const bookmakers = screen.getByRole('list', { name: 'Bookmakers' });
  expect(bookmakers).toHaveTextContent('Bet9Ja');
  for (const name of ['BetKing', 'SportyBet', 'NairaBet', '1XBet']) expect(bookmakers).toHaveTextContent(name);
  const leagues = screen.getByRole('list', { name: 'Leagues' });
  for (const name of ['Premier League', 'La Liga', 'Serie A', 'Bundesliga']) expect(leagues).toHaveTextContent(name);
  expect(screen.getByRole('list', { name: 'Markets' }).querySelectorAll('li')).toHaveLength(8);
  await waitFor(() => expect(document.title).toBe('Football odds in Nigeria — OddsMate'));
});

describe('under react-snap', () => {
  beforeEach(() => Object.defineProperty(navigator, 'userAgent', { value: 'ReactSnap', configurable: true }));
  afterEach(() => delete (navigator as unknown as Record<string, unknown>).userAgent);

  it('keeps the placeholder, fetches nothing and leaves the session check alone', async () => {
    const { store } = renderWithProviders(<AppShell />, { route: '/nigeria' });
    await act(() => sleep(400));
    expect(screen.getByText('Loading sample matches...')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
    expect(store.getState().auth.loading).toBe(true);
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });
});
